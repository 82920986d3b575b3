/**
 * The storage failed or did not answer in time (S3 down or hung, a full or broken disk): requests
 * that needed it get a Polish 503, logged as a storage failure, never as the database's.
 */
export class StorageUnavailable extends Error {
  constructor(
    readonly operation: 'put' | 'get' | 'delete' | 'list',
    readonly key: string,
    cause: unknown,
  ) {
    super(`media storage ${operation} failed`, { cause });
    this.name = 'StorageUnavailable';
  }
}
