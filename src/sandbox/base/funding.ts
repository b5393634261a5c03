/**
 * Which addresses a call names: every `address` argument (in tuples and arrays too) of a call to a sandbox contract,
 * decoded with that contract's ABI, and, for a sub-call (a tuple with `target` and `callData`, as Multicall3's), the
 * addresses that sub-call names. First-sight funding (src/sandbox/base/evm.ts) funds them before the call runs.
 */
import {
  decodeAbiParameters, getAddress, toFunctionSelector, type Abi, type AbiFunction, type AbiParameter, type Address, type Hex,
} from 'viem';

export type AbiLookup = (address: Address) => Abi | undefined;

/** Selector → function, per ABI, computed once (viem's decodeFunctionData would hash every signature per call). */
const selectorCache = new WeakMap<Abi, Map<string, AbiFunction>>();

function functionBySelector(abi: Abi, selector: string): AbiFunction | undefined {
  let map = selectorCache.get(abi);
  if (!map) {
    map = new Map(abi.filter((item): item is AbiFunction => item.type === 'function').map((fn) => [toFunctionSelector(fn), fn]));
    selectorCache.set(abi, map);
  }
  return map.get(selector);
}

export function addressesInCall(to: Address, data: Hex, abiOf: AbiLookup, depth = 0): Address[] {
  const abi = abiOf(to);
  if (!abi || data.length < 10 || depth > 3) return [];
  const fn = functionBySelector(abi, data.slice(0, 10).toLowerCase());
  if (!fn || fn.inputs.length === 0) return [];
  let args: readonly unknown[];
  try {
    args = decodeAbiParameters(fn.inputs, `0x${data.slice(10)}`);
  } catch {
    return []; // malformed arguments: the contract reverts, nothing to fund
  }
  const found: Address[] = [];
  fn.inputs.forEach((param, i) => collect(param, args[i], found, abiOf, depth));
  return found;
}

function collect(param: AbiParameter, value: unknown, found: Address[], abiOf: AbiLookup, depth: number): void {
  if (param.type === 'address') {
    found.push(getAddress(value as string));
    return;
  }
  const array = /^(.*)\[\d*\]$/.exec(param.type);
  if (array) {
    const element = { ...param, type: array[1]! } as AbiParameter;
    for (const item of value as readonly unknown[]) collect(element, item, found, abiOf, depth);
    return;
  }
  if (param.type === 'tuple' && 'components' in param) {
    const record = value as Record<string, unknown>;
    for (const [i, component] of param.components.entries()) {
      collect(component, component.name ? record[component.name] : (value as unknown[])[i], found, abiOf, depth);
    }
    const target = record.target;
    const callData = record.callData;
    if (typeof target === 'string' && typeof callData === 'string') found.push(...addressesInCall(getAddress(target), callData as Hex, abiOf, depth + 1));
  }
}
