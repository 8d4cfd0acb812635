/**
 * Which modules a page's first load runs, read from the bundler's module graph while it
 * splits the code (vite.config.ts groups them by it).
 *
 * A walk along every static import would find far too much: the app imports Mantine, the
 * domain and most libraries through an index that imports all of the package so that unused
 * parts can be dropped later. So the walk follows only the names asked for: from a module
 * that imports `{ Box }`, into the module among the index's imports that exports `Box`, and
 * on through indexes of indexes. A name the index defines itself, an import of a whole module
 * (`* as`) and a module whose imports cannot be read are followed whole.
 */

export interface GraphModule {
  /** Static imports, resolved to module ids. */
  importedIds: readonly string[];
  /** The names it exports (`default` included). */
  exports: readonly string[];
  /** Its source after the build's transforms, or null. */
  code: string | null;
}

export type ModuleGraph = (id: string) => GraphModule | null;

const NAMED = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["'][^"']+["']/g;
const DEFAULT = /import\s+[\w$]+\s*(?:,|from)/;
const NAMESPACE = /(?:import|export)\s*\*\s*as\s/;
const STAR = /export\s*\*\s*from/;

/** What a module imports by name from all its imports, or null when it takes one whole. */
function importedNames(code: string): Set<string> | null {
  if (NAMESPACE.test(code)) return null;
  const names = new Set<string>();
  for (const match of code.matchAll(NAMED)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!.trim();
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  if (DEFAULT.test(code)) names.add('default');
  return names;
}

const declares = (code: string, name: string) => new RegExp(`(?:function\\*?|class|const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\b`).test(code);

/** Every module reached from `roots` by static imports, following names through indexes. */
export function firstLoadModules(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const whole = new Set<string>();
  /** Names already followed into a module that was not taken whole. */
  const followed = new Map<string, Set<string>>();
  const pending: { id: string; names: Set<string> | null }[] = roots.map((id) => ({ id, names: null }));

  /** What a module exports, those of its `export * from` included (which `exports` may omit). */
  const exportedNames = new Map<string, Set<string>>();
  const namesOf = (id: string): Set<string> => {
    const known = exportedNames.get(id);
    if (known) return known;
    const names = new Set<string>();
    exportedNames.set(id, names); // a cycle adds nothing new
    const module = graph(id);
    for (const name of module?.exports ?? []) names.add(name);
    if (module?.code && STAR.test(module.code)) for (const imported of module.importedIds) for (const name of namesOf(imported)) if (name !== 'default') names.add(name);
    return names;
  };

  /** Where an index gets a name from: the modules among its imports that export it. */
  const sourcesOf = (index: GraphModule, name: string) => {
    // A default export is the module's own, whatever it names.
    if (!index.code || name === 'default' || declares(index.code, name)) return null;
    const sources = index.importedIds.filter((id) => namesOf(id).has(name));
    return sources.length > 0 ? sources : null;
  };

  while (pending.length > 0) {
    const { id, names } = pending.pop()!;
    if (whole.has(id)) continue;
    const module = graph(id);
    if (names) {
      const done = followed.get(id) ?? new Set<string>();
      followed.set(id, done);
      for (const name of names) {
        if (done.has(name)) continue;
        done.add(name);
        const sources = module ? sourcesOf(module, name) : null;
        if (!sources) {
          pending.push({ id, names: null });
          break;
        }
        for (const source of sources) pending.push({ id: source, names: new Set([name]) });
      }
      continue;
    }
    whole.add(id);
    if (!module) continue;
    const asked = module.code === null ? null : importedNames(module.code);
    for (const imported of module.importedIds) {
      const wanted = asked ? new Set([...namesOf(imported)].filter((name) => asked.has(name))) : null;
      // Imported for its effects alone, or by names it does not export: taken whole.
      pending.push({ id: imported, names: wanted && wanted.size > 0 ? wanted : null });
    }
  }
  return new Set([...whole, ...followed.keys()]);
}
