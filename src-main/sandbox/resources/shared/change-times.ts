// createdatetime and updatedatetime of a record as the v4 records show them (documents, incomes,
// expenses): Thai ISO date-time and the text twin.
import { thaiDateTimeString, thaiIsoDateTime } from '../../core/list-helpers.js';

export function presentChangeTimes(row: { readonly created_at: number; readonly updated_at: number }) {
  return {
    createdatetime: thaiIsoDateTime(row.created_at),
    createdatetimeString: thaiDateTimeString(row.created_at),
    updatedatetime: thaiIsoDateTime(row.updated_at),
    updatedatetimeString: thaiDateTimeString(row.updated_at),
  };
}
