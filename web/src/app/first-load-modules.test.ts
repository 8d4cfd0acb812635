import { describe, expect, it } from 'vitest';
import { firstLoadModules, type GraphModule } from '../../scripts/first-load-modules';

/** A module graph as the bundler shows it: ids, resolved imports, exports and code. */
function graphOf(modules: Record<string, Partial<GraphModule>>) {
  return (id: string): GraphModule | null => {
    const m = modules[id];
    return m ? { importedIds: m.importedIds ?? [], exports: m.exports ?? [], code: m.code ?? '' } : null;
  };
}

const library = {
  // An index that imports every component and exports them all, as Mantine's does.
  '/lib/index.mjs': {
    importedIds: ['/lib/Box.mjs', '/lib/Modal.mjs', '/lib/Table.mjs'],
    exports: ['Box', 'Modal', 'Table'],
    code: 'import { Box } from "./Box.mjs";\nimport { Modal } from "./Modal.mjs";\nimport { Table } from "./Table.mjs";\nexport { Box, Modal, Table };',
  },
  '/lib/Box.mjs': { exports: ['Box'], code: 'const Box = 1;\nexport { Box };' },
  '/lib/Modal.mjs': { importedIds: ['/lib/Portal.mjs'], exports: ['Modal'], code: 'import { Portal } from "./Portal.mjs";\nfunction Modal() {}\nexport { Modal };' },
  '/lib/Portal.mjs': { exports: ['Portal'], code: 'export function Portal() {}' },
  '/lib/Table.mjs': { exports: ['Table'], code: 'export const Table = 3;' },
  // An index of indexes, as the domain's is.
  '/domain/index.ts': { importedIds: ['/domain/messages.ts', '/domain/schemas.ts'], exports: [], code: "export * from './messages';\nexport * from './schemas';" },
  '/domain/messages.ts': { exports: ['MESSAGES'], code: 'export const MESSAGES = {};' },
  '/domain/schemas.ts': { importedIds: ['/zod/index.js'], exports: ['signupSchema'], code: "import { z } from 'zod';\nexport const signupSchema = z.object({});" },
  '/zod/index.js': { exports: ['z'], code: 'export const z = {};' },
};

describe('firstLoadModules', () => {
  it('follows through an index only the names asked for', () => {
    const graph = graphOf({
      ...library,
      '/app/main.tsx': { importedIds: ['/lib/index.mjs', '/domain/index.ts'], code: 'import { Modal } from "@lib/core";\nimport { MESSAGES } from "@app/domain";' },
    });
    const found = firstLoadModules(['/app/main.tsx'], graph);
    expect([...found].sort()).toEqual(['/app/main.tsx', '/domain/index.ts', '/domain/messages.ts', '/lib/Modal.mjs', '/lib/Portal.mjs', '/lib/index.mjs']);
  });

  it('takes a module whole when it is imported whole, or by a name its index defines itself', () => {
    const graph = graphOf({
      ...library,
      '/app/main.tsx': { importedIds: ['/lib/index.mjs', '/app/page.tsx'], code: 'import * as lib from "@lib/core";\nimport Page from "./page";' },
      '/app/page.tsx': { importedIds: ['/domain/index.ts'], exports: ['default'], code: 'import { signupSchema } from "@app/domain";\nexport default function Page() {}' },
    });
    const found = firstLoadModules(['/app/main.tsx'], graph);
    expect(found).toContain('/lib/Table.mjs');
    expect(found).toContain('/app/page.tsx');
    expect(found).toContain('/zod/index.js');
    expect(found).not.toContain('/domain/messages.ts');
  });

  it('takes an index whole for a name that none of its imports exports', () => {
    const graph = graphOf({
      ...library,
      '/lib/index.mjs': { ...library['/lib/index.mjs'], code: `${library['/lib/index.mjs'].code}\nconst Extra = 4;\nexport { Extra };`, exports: ['Box', 'Modal', 'Table', 'Extra'] },
      '/app/main.tsx': { importedIds: ['/lib/index.mjs'], code: 'import { Extra } from "@lib/core";' },
    });
    expect(firstLoadModules(['/app/main.tsx'], graph)).toContain('/lib/Table.mjs');
  });
});
