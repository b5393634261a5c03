import { Type } from '@sinclair/typebox';

/**
 * Output schema of an endpoint whose family issue has not landed: the endpoint answers 501
 * `not_implemented` (never charged), so no field layout is promised yet.
 */
export const pendingOutput = (returns: string) =>
  Type.Object({}, { additionalProperties: true, description: `Not built yet. Will return: ${returns}` });
