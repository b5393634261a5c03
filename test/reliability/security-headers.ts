/**
 * The security headers every answer of the service carries, whatever its status (src/app/server.ts):
 * a JSON API is never sniffed, framed or cached when it reports an error, and says nothing about its stack.
 */
export interface HeaderCheck {
  ok: boolean;
  problems: string[];
}

export function checkSecurityHeaders(status: number, headers: Headers): HeaderCheck {
  const problems: string[] = [];
  const expect = (name: string, test: (v: string | null) => boolean, want: string) => {
    const v = headers.get(name);
    if (!test(v)) problems.push(`${name}: ${v ?? '(absent)'}, want ${want}`);
  };
  expect('x-content-type-options', (v) => v === 'nosniff', 'nosniff');
  expect('referrer-policy', (v) => v === 'no-referrer', 'no-referrer');
  expect('x-frame-options', (v) => v === 'DENY', 'DENY');
  // JSON answers forbid everything; the HTML docs page has its own (stricter than nothing) policy.
  expect('content-security-policy', (v) => v !== null && /default-src 'none'/.test(v), "default-src 'none'");
  expect('x-powered-by', (v) => v === null, 'absent');
  expect('server', (v) => v === null, 'absent');
  if (status >= 400) expect('cache-control', (v) => v !== null && /no-store/.test(v), 'no-store on an error');
  return { ok: problems.length === 0, problems };
}
