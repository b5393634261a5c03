/** TypeBox shorthands shared by the wire schemas (what providers send) and the output schemas (what we answer). */
import { Type, type TSchema } from '@sinclair/typebox';

/** `T` or null (null = unknown / not sent). */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** An object that may carry more fields than listed (answers grow additively; providers add fields). */
export const Open = (properties: Record<string, TSchema>, description?: string) =>
  Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) });
