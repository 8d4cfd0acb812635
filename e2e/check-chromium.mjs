// The browser journeys drive Debian's Chromium; say so plainly when it is missing.
import fs from 'node:fs';

const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(executable)) {
  console.error(`\n✖ Chromium est introuvable (${executable}).\n  Installez-le avec : apt-get install -y chromium\n  (ou indiquez son chemin dans CHROMIUM_PATH)\n`);
  process.exit(1);
}
