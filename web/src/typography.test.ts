/**
 * The texts written in the pages follow the catalogue's French typography (docs/architecture.md
 * §1.1): a no-break space before « ? ! : ; » and inside guillemets. The source of every page is
 * read: the text between tags (an expression in it counts as a word) and the strings given to
 * attributes or placed between tags.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { typographyFaults } from '@creadefi/domain';

const SRC = path.resolve(import.meta.dirname);
/** Stands for an expression inside a text: a word whose value the source does not show. */
const WORD = '\ufffc';

function pages(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

const ENTITIES: Record<string, string> = { nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'', laquo: '«', raquo: '»' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** JSX text as React renders it: lines trimmed where they meet a line break, blank lines dropped. */
function jsxText(raw: string): string {
  if (!raw.includes('\n')) return decodeEntities(raw);
  const lines = raw.split('\n');
  const kept = lines
    .map((line, i) => {
      let l = line;
      if (i > 0) l = l.replace(/^[ \t]+/, '');
      if (i < lines.length - 1) l = l.replace(/[ \t]+$/, '');
      return l;
    })
    .filter((line) => line !== '');
  return decodeEntities(kept.join(' '));
}

function stringValue(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => WORD + span.literal.text).join('');
  return null;
}

/** What the children of an element read as one text. */
function childrenText(children: ts.NodeArray<ts.JsxChild>): string {
  return children
    .map((child) => {
      if (ts.isJsxText(child)) return jsxText(child.text);
      if (ts.isJsxExpression(child)) return child.expression ? (stringValue(child.expression) ?? WORD) : '';
      return WORD;
    })
    .join('');
}

/** A string inside an attribute or an expression, unless it is a child the element's text already holds. */
function insideJsx(node: ts.Node): boolean {
  if (ts.isJsxExpression(node.parent) && (ts.isJsxElement(node.parent.parent) || ts.isJsxFragment(node.parent.parent))) return false;
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isCallExpression(p) || ts.isArrowFunction(p) || ts.isFunctionExpression(p)) return false;
    if (ts.isJsxAttribute(p) || ts.isJsxExpression(p)) return true;
  }
  return false;
}

function faultsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const faults: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    for (const fault of typographyFaults(text)) faults.push(`${path.relative(SRC, file)}:${line}: ${fault.replaceAll(WORD, '{…}')}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) report(node, childrenText(node.children));
    else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) report(node, decodeEntities(node.initializer.text));
    else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) && !ts.isJsxAttribute(node.parent) && insideJsx(node)) {
      report(node, stringValue(node)!);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return faults;
}

describe('French typography of the pages', () => {
  const files = pages(SRC);

  it('reads every page', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.map((f) => path.relative(SRC, f))).toContain(path.join('features', 'public', 'CguPage.tsx'));
  });

  it('puts a no-break space before « ? ! : ; » and inside guillemets in the text of every page', () => {
    expect(files.flatMap(faultsOf)).toEqual([]);
  });
});
