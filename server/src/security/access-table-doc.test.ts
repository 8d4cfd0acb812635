import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECURITY_DOC, withCurrentTable } from './access-table-doc';

describe('docs/security.md', () => {
  it('shows the access table the tests enforce (npm run docs:access -w server rewrites it)', () => {
    const page = fs.readFileSync(SECURITY_DOC, 'utf8');
    expect(page).toBe(withCurrentTable(page));
  });
});
