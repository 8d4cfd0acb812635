/**
 * The files to announce in the page served for each route of the web app, so that a first visit
 * fetches the route's code beside the entry instead of after it (the router finds a lazy route's
 * chunk only once the entry has run). Which modules a route loads is read from router.tsx
 * itself — its `lazy` and `loader` functions and the helpers they call — so that a new route
 * cannot be forgotten; the build then turns each module into its chunk, the chunks it imports
 * and their stylesheets. The server (server/src/http/route-hints.ts) inserts them into the page.
 */
import { parseAst } from 'vite';

/** A route of router.tsx and the modules it loads when it is the page asked for. */
export interface RouteLoads {
  /** As React Router spells it, nested paths joined: `/concours/:category`, `/*`. */
  path: string;
  /** Specifiers of the `import()`s it runs, as written in router.tsx. */
  imports: string[];
}

/** The file the server reads, in the build's `.vite/` folder (never served). */
export const ROUTE_HINTS_FILE = '.vite/route-hints.json';

export interface RouteHint {
  path: string;
  /** JavaScript files, as `<link rel="modulepreload">`. */
  modules: string[];
  /** Stylesheets, as `<link rel="preload" as="style">`. */
  styles: string[];
}

type Node = { type: string } & Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function childNodes(node: Node): Node[] {
  const out: Node[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) out.push(...value.filter(isNode));
    else if (isNode(value)) out.push(value);
  }
  return out;
}

/** `x as T`, `x satisfies T`, `(x)`: the expression itself. */
function unwrap(node: Node): Node {
  return (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression' || node.type === 'ParenthesizedExpression') && isNode(node.expression) ? unwrap(node.expression) : node;
}

const propertyName = (prop: Node): string | undefined => {
  const key = prop.key as Node;
  if (prop.computed) return undefined;
  return key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : undefined;
};

/** The module's top-level constants and functions, by name. */
function topLevelDeclarations(program: Node): Map<string, Node> {
  const declarations = new Map<string, Node>();
  for (let statement of program.body as Node[]) {
    if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)) statement = statement.declaration;
    if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations as Node[]) {
        const id = d.id as Node;
        if (id.type === 'Identifier' && isNode(d.init)) declarations.set(id.name as string, d.init);
      }
    } else if (statement.type === 'FunctionDeclaration' && isNode(statement.id)) {
      declarations.set(statement.id.name as string, statement);
    }
  }
  return declarations;
}

export interface ReadOptions {
  /** The app's `paths` (app/paths.ts), for routes and redirects written with it. */
  paths: Record<string, unknown>;
}

/**
 * Every route of router.tsx (its `routes`) that a page address can land on, with the `import()`s its
 * `lazy` and `loader` run (its parent routes' included); a route that only redirects
 * (`<Navigate to=…>`) loads what its target loads. Throws on a route written in a form it
 * cannot read, so that a change to router.tsx fails the build rather than dropping hints.
 */
export function readRouteLoads(source: string, options: ReadOptions): RouteLoads[] {
  const program = parseAst(source, { lang: 'tsx' }) as unknown as Node;
  const declarations = topLevelDeclarations(program);
  const fail = (node: Node, why: string): never => {
    const at = typeof node.start === 'number' ? source.slice(0, node.start).split('\n').length : '?';
    throw new Error(`router.tsx, ligne ${at} : ${why}`);
  };

  /** The `import()` specifiers a piece of code runs, following the module's own helpers. */
  const importsOf = (root: Node | undefined, seen = new Set<Node>()): string[] => {
    const found: string[] = [];
    const walk = (node: Node) => {
      if (seen.has(node)) return;
      seen.add(node);
      if (node.type.startsWith('TS') && node.type !== 'TSAsExpression' && node.type !== 'TSSatisfiesExpression' && node.type !== 'TSNonNullExpression') return;
      if (node.type === 'ImportExpression') {
        const specifier = node.source as Node;
        if (specifier.type !== 'Literal' || typeof specifier.value !== 'string') fail(node, 'import() sans chemin littéral');
        found.push(specifier.value as string);
        return;
      }
      if (node.type === 'Identifier') {
        const declaration = declarations.get(node.name as string);
        if (declaration) walk(declaration);
        return;
      }
      // A call's arguments first: `memberPage(() => import(page))` lists the page before what
      // the helper adds, and the page's chunk is then announced first.
      const children = node.type === 'CallExpression' ? [...(node.arguments as Node[]), node.callee as Node] : childNodes(node);
      for (const child of children) {
        // A property's name or a member's name is no reference to a declaration.
        if (node.type === 'Property' && child === node.key && !node.computed) continue;
        if (node.type === 'MemberExpression' && child === node.property && !node.computed) continue;
        walk(child);
      }
    };
    if (root) walk(root);
    return found;
  };

  /** A path or a redirect's target: a string, or `paths.x`, or `paths.f(literal…)`. */
  const evaluate = (node: Node): string => {
    node = unwrap(node);
    if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
    if (node.type === 'TemplateLiteral' && (node.expressions as Node[]).length === 0) return String(((node.quasis as Node[])[0]!.value as { cooked: string }).cooked);
    const member = node.type === 'CallExpression' ? (node.callee as Node) : node;
    if (member.type === 'MemberExpression' && !member.computed && (member.object as Node).type === 'Identifier' && (member.object as Node).name === 'paths') {
      const value = options.paths[(member.property as Node).name as string];
      if (node.type === 'MemberExpression' && typeof value === 'string') return value;
      if (node.type === 'CallExpression' && typeof value === 'function') {
        const args = (node.arguments as Node[]).map((a) => (a.type === 'Literal' ? a.value : fail(a, 'argument non littéral')));
        const result: unknown = value(...args);
        if (typeof result === 'string') return result;
      }
    }
    return fail(node, 'chemin illisible (une chaîne, paths.x ou paths.f(littéraux) attendu)');
  };

  const redirectOf = (element: Node | undefined): string | undefined => {
    if (!element) return undefined;
    element = unwrap(element);
    if (element.type !== 'JSXElement') return undefined;
    const opening = element.openingElement as Node;
    if ((opening.name as Node).name !== 'Navigate') return undefined;
    const to = (opening.attributes as Node[]).find((a) => a.type === 'JSXAttribute' && (a.name as Node).name === 'to');
    const value = to && isNode(to.value) ? to.value : fail(opening, '<Navigate> sans attribut to');
    return evaluate(value.type === 'JSXExpressionContainer' ? (value.expression as Node) : value);
  };

  const join = (parent: string, child: string) => (child.startsWith('/') ? child : `${parent === '/' ? '' : parent}/${child}`);

  const found: (RouteLoads & { redirect?: string })[] = [];
  const visit = (list: Node, parentPath: string, parentImports: string[]) => {
    list = unwrap(list);
    if (list.type !== 'ArrayExpression') fail(list, 'liste de routes attendue');
    for (const element of list.elements as Node[]) {
      if (element.type !== 'ObjectExpression') fail(element, 'route écrite autrement qu’un objet');
      const props = new Map<string, Node>();
      for (const prop of element.properties as Node[]) {
        const name = prop.type === 'Property' ? propertyName(prop) : undefined;
        if (name === undefined) fail(prop, 'propriété de route illisible');
        props.set(name!, prop.value as Node);
      }
      const ownPath = props.has('path') ? evaluate(props.get('path')!) : undefined;
      const isIndex = props.has('index');
      const path = ownPath === undefined ? parentPath : join(parentPath, ownPath);
      const imports = [...parentImports, ...importsOf(props.get('lazy')), ...importsOf(props.get('loader'))];
      const children = props.get('children');
      let hasIndex = false;
      if (children) {
        hasIndex = (unwrap(children).elements as Node[]).some((c) => c.type === 'ObjectExpression' && (c.properties as Node[]).some((p) => p.type === 'Property' && propertyName(p) === 'index'));
        visit(children, path, imports);
      }
      // A layout with an index route is answered by that index route.
      if ((ownPath !== undefined || isIndex) && !hasIndex) found.push({ path, imports, redirect: redirectOf(props.get('element')) });
    }
  };

  const routes = declarations.get('routes');
  if (!routes) throw new Error('router.tsx : déclaration de routes introuvable');
  visit(routes, '', []);

  const byPath = new Map(found.map((r) => [r.path, r]));
  const resolve = (route: (typeof found)[number], seen: Set<string>): string[] => {
    if (!route.redirect) return route.imports;
    const target = byPath.get(route.redirect);
    if (!target) throw new Error(`router.tsx : la redirection de ${route.path} vers ${route.redirect} ne mène à aucune route`);
    if (seen.has(target.path)) throw new Error(`router.tsx : redirections en boucle depuis ${route.path}`);
    return [...route.imports, ...resolve(target, new Set([...seen, route.path]))];
  };
  return found.map((route) => ({ path: route.path, imports: [...new Set(resolve(route, new Set([route.path])))] }));
}

/** What the build produced, as much of it as hints need (module ids are absolute paths). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  css: string[];
}
export interface BuiltAsset {
  fileName: string;
  /** The modules it was made from (a stylesheet imported on its own has no chunk). */
  sources: string[];
}

/**
 * For each route, the files its modules need beyond the entry and what the entry imports
 * (index.html loads those already): the chunk holding each module, the chunks they import,
 * and their stylesheets. Throws for a module that no built file holds.
 */
export function routeHints(routes: { path: string; modules: string[] }[], chunks: BuiltChunk[], assets: BuiltAsset[], base = '/'): RouteHint[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: BuiltChunk[]): BuiltChunk[] => {
    const seen = new Set<BuiltChunk>();
    const visit = (chunk: BuiltChunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) visit(imported);
      }
    };
    start.forEach(visit);
    return [...seen];
  };
  const firstLoad = new Set(closure(chunks.filter((c) => c.isEntry)));
  const firstLoadCss = new Set([...firstLoad].flatMap((c) => c.css));

  return routes.map((route) => {
    const roots: BuiltChunk[] = [];
    const styles: string[] = [];
    for (const id of route.modules) {
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (chunk) roots.push(chunk);
      else {
        const sheet = assets.find((a) => a.fileName.endsWith('.css') && a.sources.includes(id));
        if (!sheet) throw new Error(`${route.path} charge ${id}, qu'aucun fichier construit ne contient`);
        styles.push(sheet.fileName);
      }
    }
    const needed = closure(roots).filter((c) => !firstLoad.has(c));
    const sheets = [...needed.flatMap((c) => c.css), ...styles].filter((s) => !firstLoadCss.has(s));
    return { path: route.path, modules: needed.map((c) => base + c.fileName), styles: [...new Set(sheets)].map((s) => base + s) };
  });
}
