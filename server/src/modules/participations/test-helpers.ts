/** Calls shared by the participation tests. */
import type { TestApp } from '../../test/harness';
import type { TestUser } from '../../test/factories';
import { multipartBody, type Part } from '../files/test-helpers';

export async function participate(t: TestApp, user: TestUser, idConcours: number, inputText?: string) {
  return t.app.inject({ method: 'POST', url: '/api/concours/add/participation', headers: user.headers, payload: { idConcours, commitment: true, ...(inputText === undefined ? {} : { inputText }) } });
}

export async function uploadProposal(t: TestApp, user: TestUser | null, idParticipation: number, file: { filename: string; content: Buffer; contentType?: string }, extra: Part[] = []) {
  const body = multipartBody([...extra, { name: 'fileParticipation', ...file }]);
  return t.app.inject({ method: 'POST', url: `/api/participation/addFile/${idParticipation}`, headers: { ...(user?.headers ?? {}), ...body.headers }, payload: body.payload });
}

/** Participates and returns the participation id (fails the test on refusal). */
export async function participationOf(t: TestApp, user: TestUser, idConcours: number, inputText?: string): Promise<number> {
  const res = await participate(t, user, idConcours, inputText);
  if (res.statusCode !== 200) throw new Error(`participation refused: ${res.statusCode} ${res.body}`);
  return res.json().results.participation.id as number;
}
