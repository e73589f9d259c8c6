// The creator fields of every finance record: the store's API user, as documents record theirs.
import { API_USER } from '../documents/document-common.js';

export const apiCreator = {
  createuserid: API_USER.id,
  createusername: API_USER.username,
  createdby: API_USER.displayName,
} as const;
