import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text the web app shows comes from the catalogue (domain/src/messages): a French literal
 * written in a component escapes the wording checks and drifts from the other screens.
 */
const src = path.resolve(import.meta.dirname, '..');

/** The only folders left out: what no member ever sees. */
const NOT_SHOWN = [
  // Developer tools, never shown in production.
  'features/dev/',
  // Test helpers.
  'test/',
];

/** Attributes that hold code rather than words: styling, hooks for tests, addresses, icons. */
const TECHNICAL_ATTRIBUTES = /^(className|aria-labelledby|aria-describedby|aria-controls|aria-haspopup|aria-live|aria-current|aria-orientation|aria-autocomplete|htmlFor|class|style|data-[\w-]+|id|href|to|src|srcSet|type|name|role|variant|color|size|radius|c|fw|ta|tt|ff|fz|lh|mt|mb|ml|mr|mx|my|pt|pb|px|py|p|m|w|h|gap|justify|align|wrap|direction|component|autoComplete|inputMode|accept|pattern|rel|target|key|viewBox|d|fill|stroke|transform|xmlns|layout)$/;

/** Attributes and properties whose value a reader sees or hears, whatever its words. */
const TEXT_KEYS = /^(\w+Label|eyebrow|lead|brandTitle|label|aria-label|aria-roledescription|aria-valuetext|title|placeholder|description|alt|error|message|legend|caption|hint|tooltip|text|emptyMessage|nothingFoundMessage)$/;

/** A few words of every French sentence; an accent alone also gives French away. */
const FRENCH =
  /[àâäçéèêëîïôöùûüÿœæ«»’]|\b(le|la|les|des|du|un|une|vous|votre|vos|nous|notre|et|ou|pour|avec|sans|dans|sur|pas|est|sont|aux|au|ce|cette|ces|mon|ma|mes|ton|ta|tes|son|sa|ses|qui|que|quoi|oui|non|retour|suivant|précédent|enregistrer|annuler|valider|envoyer|fermer|rechercher|connexion|inscription|paiement|concours|mot|passe|adresse|compte|profil|accueil|menu|aide|contact|catégorie|voir|plus|moins|tous|toutes)\b/i;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!entry.name.endsWith('.tsx') || entry.name.endsWith('.test.tsx') || entry.name === 'test-utils.tsx') return [];
    return [full];
  });
}

/** Text that a reader would see: letters forming words, not a class list, a path or a key. */
function looksFrench(text: string): boolean {
  const trimmed = text.trim();
  if (!/[a-zà-ÿ]{2}/i.test(trimmed)) return false;
  if (/^(https?:|mailto:|\/|\.\.?\/|#)/.test(trimmed)) return false;
  if (/^[\w-]+(\.[\w-]+)+$/.test(trimmed)) return false;
  // A style declaration ('margin: 40px; color: …'): French puts a space before its colon.
  if (/^[a-z-]+: [^;]+;/.test(trimmed)) return false;
  return FRENCH.test(trimmed);
}

function isShown(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isJsxAttribute(parent)) return TEXT_KEYS.test(parent.name.getText());
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return TEXT_KEYS.test(parent.parent.name.getText());
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) return TEXT_KEYS.test(parent.name.getText().replace(/['"]/g, ''));
  return false;
}

function hasWords(text: string): boolean {
  const trimmed = text.trim();
  // An option's code word (Google's 'signin_with') is not read by anyone.
  return /\p{L}{2}/u.test(trimmed) && !/^(https?:|mailto:|\/|\.\.?\/|#)/.test(trimmed) && !/^[a-z]+(_[a-z]+)+$/.test(trimmed);
}

function isTechnical(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isImportTypeNode(at)) return true;
    if (ts.isJsxAttribute(at)) return TECHNICAL_ATTRIBUTES.test(at.name.getText());
    if (ts.isCallExpression(at) && /^(import|require|describe|it|test|console\.\w+|new URL|matchMedia)$/.test(at.expression.getText())) return true;
    if (ts.isElementAccessExpression(at) || ts.isLiteralTypeNode(at)) return true;
    if (ts.isCaseClause(at) || ts.isBinaryExpression(at) && /^(===|!==|==|!=)$/.test(at.operatorToken.getText())) return true;
    if (ts.isBlock(at) || ts.isSourceFile(at)) break;
  }
  return false;
}

function frenchLiterals(file: string, code = readFileSync(file, 'utf8')): string[] {
  const tree = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = tree.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(src, file)}:${line + 1}: ${text.trim().slice(0, 70)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText().replace(/&nbsp;/g, ' ');
      // Text between tags is always read: any word there belongs to the catalogue.
      if (hasWords(text)) report(node, text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (isShown(node) ? hasWords(node.text) : looksFrench(node.text) && !isTechnical(node)) report(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const words = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
      if (isShown(node) ? hasWords(words) : looksFrench(words) && !isTechnical(node)) report(node, words);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe('texts of the web app', () => {
  const files = sources(src).filter((file) => !NOT_SHOWN.some((folder) => path.relative(src, file).startsWith(folder)));

  it('reads every component a member can see', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('come from the catalogue, never from a French literal in a component', () => {
    expect(files.flatMap((file) => frenchLiterals(file))).toEqual([]);
  });

  it('would see a French literal, in a string as in JSX text, and not the code around it', () => {
    const code = [
      "import { Button } from '@mantine/core';",
      "import classes from './Page.module.css';",
      'export function Page() {',
      "  const kind = status === 'en attente' ? 'gris' : 'orange';",
      '  return (',
      '    <section className="flex items-center" data-testid="contest-card" aria-labelledby="page-title">',
      '      <Link to="/concours/nouveau" className={classes.link}>{kind}</Link>',
      '      <TextInput label="Rechercher" placeholder="https://" type="text" />',
      '      <Modal title="Paiement" opened />',
      '      <svg role="img" aria-label="Créadéfi" />',
      '      <p>Votre concours est en ligne&nbsp;!</p>',
      "      <Text>{count > 1 ? `${count} fichiers envoyés` : 'Un fichier envoyé'}</Text>",
      '    </section>',
      '  );',
      '}',
    ].join('\n');
    expect(frenchLiterals(path.join(src, 'features/probe/Page.tsx'), code).map((line) => line.replace(/^[^:]+:/, ''))).toEqual([
      '8: Rechercher',
      '9: Paiement',
      '10: Créadéfi',
      '11: Votre concours est en ligne !',
      '12: fichiers envoyés',
      '12: Un fichier envoyé',
    ]);
  });
});
