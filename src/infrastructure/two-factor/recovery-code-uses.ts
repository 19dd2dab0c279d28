/** Times of use in the order `RecoveryCodes.usesOfUser` gives them: earliest first, the unused (null) last. */
export function sortUses(uses: readonly (number | null)[]): (number | null)[] {
  return [...uses].sort((a, b) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b));
}
