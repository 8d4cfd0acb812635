/**
 * The demo accounts' passwords: drawn at random the first time a data folder gets demo data
 * and kept in DATA_DIR/demo-accounts.txt, readable by its owner only. A password written in
 * the code would be the same on every copy of the site, and anyone reading it could sign in
 * as the demo administrator of any of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

export interface DemoAccountLine {
  email: string;
  role: string;
}

export interface DemoPasswords {
  /** Password by e-mail address. */
  byEmail: Map<string, string>;
  /** True when the file was written now: accounts that already exist must take these passwords. */
  created: boolean;
  file: string;
}

/** 96 random bits, 16 characters of letters, digits, '-' and '_': typed once, then kept by the browser. */
const newPassword = () => randomBytes(12).toString('base64url');

/** The e-mail → password pairs of the file, one account a line (`e-mail role password`). */
function parseDemoAccountsFile(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 3 || fields[0]!.startsWith('#')) continue;
    out.set(fields[0]!.toLowerCase(), fields[2]!);
  }
  return out;
}

export function readDemoAccountsFile(dataDir: string): Map<string, string> {
  return parseDemoAccountsFile(fs.readFileSync(path.join(dataDir, DEMO_ACCOUNTS_FILE), 'utf8'));
}

/**
 * The passwords of this data folder, drawn and written on first use. A file missing one of
 * the accounts (edited by hand, cut short) is drawn again whole.
 */
export function demoPasswords(dataDir: string, accounts: readonly DemoAccountLine[]): DemoPasswords {
  const file = path.join(dataDir, DEMO_ACCOUNTS_FILE);
  if (fs.existsSync(file)) {
    // Whatever mode the file was given by hand or by a copy, it goes back to its owner only.
    fs.chmodSync(file, 0o600);
    const byEmail = parseDemoAccountsFile(fs.readFileSync(file, 'utf8'));
    if (accounts.every((a) => byEmail.has(a.email.toLowerCase()))) return { byEmail, created: false, file };
  }
  const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), newPassword()]));
  const width = Math.max(...accounts.map((a) => a.email.length));
  const lines = [
    '# Comptes de démonstration de ce dossier de données : e-mail, rôle, mot de passe.',
    ...accounts.map((a) => `${a.email.padEnd(width)}  ${a.role.padEnd(14)}  ${byEmail.get(a.email.toLowerCase())}`),
    '',
  ];
  fs.mkdirSync(dataDir, { recursive: true });
  // Written under another name then renamed: a reader never sees half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, lines.join('\n'), { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
  return { byEmail, created: true, file };
}
