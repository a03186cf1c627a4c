// What the interop client scripts print: one JSON line on stdout, {"ok":false,"error":...} with exit code 1 when
// they fail, so that the Java tests read every outcome the same way.

/** An error as one line: its message and, when the SDK set one, its JSON-RPC code. */
export function describe(error) {
  if (!(error instanceof Error)) {
    return String(error);
  }
  const code = error.code === undefined ? '' : ` (code ${error.code})`;
  return `${error.message}${code}`;
}

/** Runs main and prints what it returns as one JSON line (exit 0), or the failure (exit 1). */
export async function printResultOf(main) {
  try {
    process.stdout.write(`${JSON.stringify(await main())}\n`);
    process.exitCode = 0;
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: describe(error) })}\n`);
    process.exitCode = 1;
  }
}
