// The tag endpoints of both kinds (AddQuotationTag, DeleteQuotationTag, AddReturnPurchaseOrderTag,
// DeleteReturnPurchaseOrderTag): a change touches the document's updatedatetime; a repeat changes nothing.
import type { Database, ParentRef, StoreContext, WriteResult } from '../../core/handler.js';
import { readTag } from '../shared/tags.js';
import { unchanged, type DocumentKind } from './document-common.js';
import { addTag, deleteTag, type TagChange } from './document-lines.repository.js';
import type { DocumentTable } from './document-table.repository.js';

interface TagContext extends StoreContext {
  readonly parent: ParentRef;
  readonly query: { readonly tag: string };
}

/** The add and remove handlers of one kind; `requireDocument` applies the id-or-number rule. */
export function documentTagHandlers(
  kind: DocumentKind,
  requireDocument: (db: Database, storeId: number, parent: ParentRef) => { readonly id: number },
  table: DocumentTable<never, unknown>,
) {
  function change(context: TagContext, apply: TagChange, unchangedWhy: string): WriteResult<never> {
    const { db, store, parent, query, now } = context;
    const { id } = requireDocument(db, store.id, parent);
    const tag = readTag(query.tag);
    if (!apply(db, store.id, kind, id, tag)) return unchanged(`tag ${tag} ${unchangedWhy}`);
    table.touch(db, store.id, id, now());
    return {};
  }
  return {
    add: (context: TagContext) => change(context, addTag, 'is already on it'),
    remove: (context: TagContext) => change(context, deleteTag, 'is not on it'),
  };
}
