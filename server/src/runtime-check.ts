/**
 * Imported first by main.ts: the server refuses to run on a Node.js line that no longer gets
 * security fixes. `npm start` runs on the LTS the project installs (the "node" dev dependency),
 * so this only stops a start by hand with an older `node` on the PATH.
 */
export const MINIMUM_NODE_MAJOR = 24;

/** The French refusal for a Node.js version too old to run on, or null when it will do. */
export function unsupportedRuntimeMessage(version: string): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= MINIMUM_NODE_MAJOR) return null;
  return (
    `Créadéfi demande Node.js ${MINIMUM_NODE_MAJOR} ou plus récent, une version suivie par les correctifs de sécurité ` +
    `(version utilisée : ${version}). Lancez-le par « npm start » : le projet fournit ce Node.js après « npm install ».`
  );
}

const refusal = unsupportedRuntimeMessage(process.versions.node);
if (refusal) {
  console.error(`\n✖ ${refusal}\n`);
  process.exit(1);
}
