/** SUDO_SECONDS' default, in milliseconds. */
export const TEST_SUDO_MS = 10 * 60 * 1000;
