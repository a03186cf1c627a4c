// File helpers of the interop client scripts.
import { existsSync } from 'node:fs';

const POLL_MS = 50;

/** Resolves once path exists; rejects after timeout ms (a test that never creates the file fails the client). */
export async function waitForFile(path, timeout) {
  const deadline = Date.now() + timeout;
  while (!existsSync(path)) {
    if (Date.now() > deadline) {
      throw new Error(`${path} did not appear within ${timeout} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
