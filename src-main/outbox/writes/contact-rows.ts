// The contact writes of the write-kind table: AddContact (a keyless create found again by its code)
// and UpdateContact (an absolute change read back with GetContactDetail, projected to the fields it sets).
import {
  contactReached,
  contactText,
  findContactByCode,
  readContact,
  showContact,
  type ContactSnapshot,
} from './contact-readback.js';
import { absoluteChange, keylessCreate } from './write-rows.js';

export const contactRows = {
  addContact: keylessCreate({
    endpoint: 'AddContact',
    record: 'contact',
    findCreated: findContactByCode,
    describe: (body) => `New contact ${contactText(body)}`,
  }),
  updateContact: absoluteChange<'UpdateContact', ContactSnapshot>({
    endpoint: 'UpdateContact',
    record: 'contact',
    after: ['addContact'],
    readBack: (client, ref) => readContact(client, ref.id),
    reached: (snapshot, args) => contactReached(snapshot, args.body),
    show: showContact,
    describe: (args, record) => `Change ${record}: ${contactText(args.body)}`,
  }),
};
