/**
 * MySQL and Redis suites are required when CI is set; elsewhere a suite whose server
 * does not answer is skipped with a printed notice (README.md, Testing).
 */
export async function requireServer(
  context: Mocha.Context,
  name: string,
  answers: () => Promise<boolean>,
): Promise<void> {
  if (await answers()) return;
  if (process.env.CI) throw new Error(`${name} does not answer, and CI requires the ${name} suites`);
  console.warn(`      notice: ${name} does not answer; skipping "${context.test?.parent?.title ?? ''}"`);
  context.skip();
}
