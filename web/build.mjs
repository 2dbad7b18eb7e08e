// Builds web/src into web/dist (or the folder given as the first
// argument): one script, one style sheet, the HTML shell, each with its
// gzip twin. The output depends on the sources and the locked packages
// only (no timestamps, no hashes in names), so CI can rebuild and compare.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ? process.argv[2] : join(here, 'dist');
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(here, 'src/main.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  legalComments: 'none',
  outfile: join(out, 'app.js'),
  logLevel: 'warning',
});
// The analysis page's own script (/analysis/N), loaded only there.
await build({
  entryPoints: [join(here, 'src/analysis/main.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  legalComments: 'none',
  outfile: join(out, 'analysis.js'),
  logLevel: 'warning',
});
await build({
  entryPoints: [join(here, 'src/app.css')],
  bundle: true,
  minify: true,
  legalComments: 'none',
  outfile: join(out, 'app.css'),
  logLevel: 'warning',
});
copyFileSync(join(here, 'src/index.html'), join(out, 'index.html'));
copyFileSync(join(here, 'src/analysis.html'), join(out, 'analysis.html'));

for (const f of ['app.js', 'app.css', 'index.html', 'analysis.js', 'analysis.html']) {
  const body = readFileSync(join(out, f));
  // Node writes a zero timestamp in the gzip header: the same bytes every time.
  writeFileSync(join(out, f + '.gz'), gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
}
