/** `value` with at most `decimals` decimals and no trailing zeros: 5 → "5", 1.50 → "1.5". */
export function trimNumber(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}
