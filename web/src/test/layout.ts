/**
 * Layout rules read back in component tests: happy-dom applies the stylesheets the test
 * project processes (web/vitest.config.ts) and answers getComputedStyle, without laying out.
 */

/** Resizes happy-dom's window, so media queries answer as on that screen. */
export function setViewportWidth(width: number, height = 800): void {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height });
}

/**
 * The pixels a computed length stands for, when happy-dom leaves it as a calc(): "calc(72px +
 * 12px)" → 84, "calc(-1 * 22px)" → −22. An environment value counts as its fallback.
 */
export function pixels(value: string): number {
  const plain = value
    .replace(/env\([^,]+,\s*([^)]+)\)/g, '$1')
    .replace(/calc/g, '')
    .replace(/px/g, '');
  if (!/^[\d\s.+*()-]+$/.test(plain)) throw new Error(`not a length in pixels: ${value}`);
  return evaluate(plain);
}

/** Sums and products of numbers with parentheses: what calc() leaves once its units are gone. */
function evaluate(expression: string): number {
  const tokens = expression.match(/\d+(?:\.\d+)?|[-+*()]/g) ?? [];
  let at = 0;
  const factor = (): number => {
    const token = tokens[at++];
    if (token === '-') return -factor();
    if (token === '(') {
      const value = sum();
      at++; // ')'
      return value;
    }
    return Number(token);
  };
  const product = (): number => {
    let value = factor();
    while (tokens[at] === '*') {
      at++;
      value *= factor();
    }
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (tokens[at] === '+' || tokens[at] === '-') value += tokens[at++] === '+' ? product() : -product();
    return value;
  };
  return sum();
}
