/**
 * The compiled registry: each endpoint definition with its full input schema (`format` added),
 * its validator and its price in USDC atomic units. The registry knows no endpoint itself: the service's
 * registry is built from the endpoint list by `buildServiceRegistry` (src/endpoints/index.ts), tests build
 * theirs from any definitions.
 */
import { Type, type TObject } from '@sinclair/typebox';
import { OutputFormat } from './fields.js';
import type { EndpointDefinition } from './types.js';
import { compileValidator, createAjv, type InputValidator } from './validation.js';

export const USDC_DECIMALS = 6;

/** "0.002" → 2000n. Exact decimal arithmetic; rejects more than 6 fractional digits. */
export function usdcToAtomic(price: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(price);
  if (!m) throw new Error(`price must be a decimal string with at most ${USDC_DECIMALS} fractional digits: "${price}"`);
  return BigInt(m[1]!) * 10n ** BigInt(USDC_DECIMALS) + BigInt((m[2] ?? '').padEnd(USDC_DECIMALS, '0'));
}

export function atomicToUsdc(atomic: bigint): string {
  const whole = atomic / 10n ** BigInt(USDC_DECIMALS);
  const frac = (atomic % 10n ** BigInt(USDC_DECIMALS)).toString().padStart(USDC_DECIMALS, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

export interface RegisteredEndpoint {
  def: EndpointDefinition;
  /** The endpoint's input schema plus `format`: what callers send, what docs show. */
  inputSchema: TObject;
  validate: InputValidator;
  /** null = free. */
  priceAtomic: bigint | null;
  path: string;
  implemented: boolean;
}

export interface Registry {
  list: readonly RegisteredEndpoint[];
  get(key: string): RegisteredEndpoint | undefined;
}

export function withFormat(input: TObject): TObject {
  return Type.Object(
    { ...input.properties, format: Type.Optional(OutputFormat()) },
    { additionalProperties: false, ...(input.description ? { description: input.description } : {}) },
  );
}

function withCrossFieldCheck(validate: InputValidator, check: EndpointDefinition['crossFieldCheck']): InputValidator {
  if (!check) return validate;
  return (input) => {
    const result = validate(input);
    if (!result.ok) return result;
    const issues = check(result.value);
    return issues.length > 0 ? { ok: false, issues } : result;
  };
}

export function buildRegistry(definitions: readonly EndpointDefinition[]): Registry {
  const ajv = createAjv();
  const byKey = new Map<string, RegisteredEndpoint>();
  for (const def of definitions) {
    if (byKey.has(def.key)) throw new Error(`duplicate endpoint key ${def.key}`);
    const inputSchema = withFormat(def.input);
    byKey.set(def.key, {
      def,
      inputSchema,
      validate: withCrossFieldCheck(compileValidator(ajv, inputSchema), def.crossFieldCheck),
      priceAtomic: def.price === null ? null : usdcToAtomic(def.price),
      path: `/entrypoints/${def.key}/invoke`,
      implemented: def.handler !== undefined,
    });
  }
  const list = [...byKey.values()];
  return { list, get: (key) => byKey.get(key) };
}
