/**
 * The error `promise` rejects with, for assertions on its class and fields.
 * @throws Error when `promise` resolves: the call was expected to fail.
 */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
