// A promise that gives up after `ms`: the health check's database ping (2 s) and the admin
// outbox's wait for the server (10 s, decisions 22) both use it.

/** Settles like `promise`, or rejects with `timeoutError()` when it takes longer than `ms`. */
export function withTimeout<T>({
  promise,
  ms,
  timeoutError,
}: {
  promise: Promise<T>;
  ms: number;
  timeoutError: () => Error;
}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
