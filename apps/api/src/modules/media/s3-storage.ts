import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { assertKey, contentTypeOf, type MediaObject, type MediaStorage } from './storage.ts';

/** Media in an S3-compatible bucket (AWS, MinIO, Ceph, R2...): the key is the object key. */
export const s3MediaStorage = async (cfg: S3Config): Promise<MediaStorage & { client: S3Client }> => {
  // Loaded only when the shop keeps its media in S3: the SDK holds ~8 MB of heap and ~20 MB resident.
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    NoSuchKey,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    // Without keys the SDK's default chain applies (instance roles, AWS_* variables).
    ...(cfg.accessKeyId &&
      cfg.secretAccessKey && {
        credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      }),
    // A stuck storage must not hold a shop request for ever.
    requestHandler: { requestTimeout: 15_000, connectionTimeout: 5_000 },
    maxAttempts: 3,
  });
  const Bucket = cfg.bucket;
  return {
    kind: 's3',
    client,
    async put(key, data, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentType || contentTypeOf(key),
          ContentLength: data.length,
        }),
      );
    },
    async get(key): Promise<MediaObject | null> {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return {
          body: res.Body as Readable,
          contentType: res.ContentType || contentTypeOf(key),
          size: res.ContentLength ?? 0,
          etag: res.ETag ?? `"${key}"`,
          lastModified: res.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const res = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
};
