import { NO_IMAGE, type PhotoRef } from '@club/contract';

/** Side of the product photos the API serves (spec: 600x600). */
export const PRODUCT_PHOTO_SIZE = 600;

const seg = (s: string | number) => encodeURIComponent(String(s));

/** `/static/{alias}/wyrobzdjecie/{productId}/{photoId}/600_600_{Nazwa}`, or the placeholder when there is no photo. */
export const productPhotoUrl = (
  alias: string,
  productId: number,
  photo: PhotoRef | null | undefined,
): string =>
  photo && alias
    ? `/static/${seg(alias)}/wyrobzdjecie/${seg(productId)}/${seg(photo.Id)}/${seg(`600_600_${photo.Nazwa}`)}`
    : NO_IMAGE;
