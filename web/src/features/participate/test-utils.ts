/**
 * The participation dialogs load on first use; compiling them once up front keeps the waits
 * short in the tests of pages that open them.
 */
export async function compileParticipateFlow(): Promise<void> {
  await import('./ParticipateFlow');
  await import('./UploadStep');
}
