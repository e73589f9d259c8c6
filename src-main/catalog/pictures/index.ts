// Product pictures replaced on this PC and uploaded by the outbox (see product-pictures.ts).
export {
  checkPicture,
  outboxPictureWrites,
  ProductPictures,
  type PictureWrites,
  type ProductPicturesOptions,
  type StoredPicture,
} from './product-pictures.js';
