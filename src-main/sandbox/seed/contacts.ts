// Demo contacts: suppliers (companies) and customers (people and businesses) with Thai names, valid
// 13-digit tax ids, phones, e-mails and addresses; companies have sub-contacts, some customers have
// shipping addresses. AddContact cannot carry the latter two, so they travel beside the body.
import type { z } from 'zod';
import type { endpoints } from '../../../src-shared/api/endpoints/index.js';
import { formatAddress, localities, type Locality } from './data/thai-addresses.js';
import {
  companyForms,
  companyMailboxes,
  companyNames,
  femaleFirstNames,
  lastNames,
  maleFirstNames,
  personMailDomains,
  personTitles,
  subContactPositions,
  type NamePair,
} from './data/thai-people.js';
import { businessTime } from './calendar.js';
import { createRandom, type Random } from '../../../src-shared/random.js';
import type { ContactExtras, ShippingAddressFields } from './seed-support-adapter.js';
import { taxIdCheckDigit } from '../../../src-shared/domain/party-checks.js';

export type AddContactBody = z.input<typeof endpoints.AddContact.body>;

/** A demo contact: AddContact's body, and the sub-contacts and shipping addresses added beside it. */
export interface GeneratedContact extends ContactExtras {
  readonly body: AddContactBody;
  /** When the contact was added (epoch ms); contacts are older than every demo document. */
  readonly at: number;
  readonly role: 'supplier' | 'customer';
}

const SUPPLIERS = 24;
const BUSINESS_CUSTOMERS = 24;
const PERSON_CUSTOMERS = 52;

export const CONTACTS = SUPPLIERS + BUSINESS_CUSTOMERS + PERSON_CUSTOMERS;

export function generateContacts(seed: string, anchor: number): GeneratedContact[] {
  const random = createRandom(seed, 'contacts');
  const tradeNames = companyTradeNames(random, SUPPLIERS + BUSINESS_CUSTOMERS);
  const contacts: GeneratedContact[] = [];
  for (let index = 0; index < CONTACTS; index += 1) {
    // Added between 700 and 200 days ago, in code order, so ids follow creation.
    const at = businessTime(random, anchor, 700 - Math.floor((index * 500) / CONTACTS));
    const customer = index - SUPPLIERS;
    const contact =
      customer < 0
        ? company(random, `SUP-${pad(index + 1)}`, tradeNames[index], 'supplier')
        : customer < BUSINESS_CUSTOMERS
          ? company(random, `CUS-${pad(customer + 1)}`, tradeNames[index], 'customer')
          : person(random, `CUS-${pad(customer + 1)}`);
    contacts.push({ ...contact, at });
  }
  return contacts;
}

/** Distinct trading names: the list in random order, then names again with a province to tell them apart. */
function companyTradeNames(random: Random, count: number): NamePair[] {
  const shuffled = random.sample(companyNames, companyNames.length);
  const names: NamePair[] = [];
  for (let index = 0; index < count; index += 1) {
    const [thai, latin] = shuffled[index % shuffled.length] ?? ['ไทยค้าส่ง', 'thaiwholesale'];
    const round = Math.floor(index / shuffled.length);
    const province = localities[(index * 7) % localities.length]?.province ?? '';
    names.push(round === 0 ? [thai, latin] : [`${thai} ${province}`, `${latin}${round + 1}`]);
  }
  return names;
}

function company(
  random: Random,
  code: string,
  tradeName: NamePair | undefined,
  role: GeneratedContact['role'],
): Omit<GeneratedContact, 'at'> {
  const [thai, latin] = tradeName ?? ['ไทยค้าส่ง', 'thaiwholesale'];
  const name = random.pick(companyForms).replace('{name}', thai);
  const locality = random.pick(localities);
  const domain = `${latin}.co.th`;
  const headOffice = random.chance(0.8);
  const body: AddContactBody = {
    code,
    name,
    idnumber: thaiTaxId(random, '0105'),
    phone: landline(random, locality),
    email: `${random.pick(companyMailboxes)}@${domain}`,
    address: address(random, locality),
    branchname: headOffice ? 'สำนักงานใหญ่' : `สาขา${locality.province}`,
    branchno: headOffice ? '00000' : pad(random.int(1, 12), 5),
    properties: [
      { name: 'ประเภทผู้ติดต่อ', value: role === 'supplier' ? 'ผู้จำหน่าย' : 'ลูกค้าองค์กร' },
      { name: 'เครดิตเทอม', value: random.pick(['เงินสด', '15 วัน', '30 วัน', '45 วัน', '60 วัน']) },
    ],
  };
  if (random.chance(0.4)) body.line = `@${latin}`;
  if (random.chance(0.3)) body.facebook = `facebook.com/${latin}`;
  const subContacts = Array.from({ length: random.int(1, 3) }, (_, position) => {
    const [first, last] = personName(random);
    return {
      name: `คุณ${first[0]} ${last[0]}`,
      position: random.pick(subContactPositions),
      phone: body.phone ?? '',
      mobile: mobile(random),
      email: `${first[1]}.${last[1].slice(0, 3)}@${domain}`,
      isMain: position === 0,
    };
  });
  const shippingAddresses =
    role === 'customer' && random.chance(0.5) ? shippingFor(random, name, body.email ?? '') : [];
  return { body, role, subContacts, shippingAddresses };
}

function person(random: Random, code: string): Omit<GeneratedContact, 'at'> {
  const male = random.chance(0.45);
  const [first, last] = personName(random, male);
  const title = male ? personTitles.male : random.pick(personTitles.female);
  const locality = random.pick(localities);
  const email = `${first[1]}.${last[1].slice(0, 2)}${random.int(1, 99)}@${random.pick(personMailDomains)}`;
  const body: AddContactBody = {
    code,
    name: `${title}${first[0]} ${last[0]}`,
    idnumber: thaiTaxId(random, String(random.pick([1, 1, 3]))),
    phone: mobile(random),
    email,
    address: address(random, locality),
    properties: [{ name: 'ประเภทผู้ติดต่อ', value: random.pick(['ลูกค้าปลีก', 'ลูกค้าประจำ', 'ตัวแทนจำหน่าย']) }],
  };
  if (random.chance(0.35)) body.line = `${first[1]}${random.int(10, 99)}`;
  if (random.chance(0.2)) body.facebook = `facebook.com/${first[1]}.${last[1]}`;
  if (random.chance(0.1)) body.instagram = `@${first[1]}_${last[1].slice(0, 4)}`;
  const shippingAddresses = random.chance(0.4) ? shippingFor(random, body.name, email) : [];
  return { body, role: 'customer', subContacts: [], shippingAddresses };
}

function shippingFor(random: Random, name: string, email: string): ShippingAddressFields[] {
  return Array.from({ length: random.int(1, 2) }, (_, position) => {
    const locality = random.pick(localities);
    return {
      name: position === 0 ? name : `${name} (${random.pick(['คลังสินค้า', 'หน้าร้าน', 'ที่บ้าน'])})`,
      address: address(random, locality),
      phone: mobile(random),
      email,
      isMain: position === 0,
    };
  });
}

function personName(random: Random, male = random.chance(0.5)): [NamePair, NamePair] {
  return [random.pick(male ? maleFirstNames : femaleFirstNames), random.pick(lastNames)];
}

function address(random: Random, locality: Locality): string {
  const house = random.chance(0.4)
    ? `${random.int(1, 999)}/${random.int(1, 99)}`
    : String(random.int(1, 999));
  const soi = random.chance(0.5) ? `${locality.road} ${random.int(1, 80)}` : undefined;
  return formatAddress(locality, house, soi);
}

/** 02-xxx-xxxx in Bangkok, 0XX-xxx-xxx elsewhere (nine digits either way). */
function landline(random: Random, locality: Locality): string {
  if (locality.areaCode === '02') return `02-${random.int(100, 999)}-${random.int(1000, 9999)}`;
  return `${locality.areaCode}-${random.int(100, 999)}-${random.int(100, 999)}`;
}

function mobile(random: Random): string {
  return `0${random.pick(['6', '8', '9'])}${random.int(0, 9)}-${random.int(100, 999)}-${random.int(1000, 9999)}`;
}

/** The customer fields a document copies from a contact. */
export function customerFieldsOf(contact: AddContactBody) {
  return {
    customername: contact.name,
    customeridnumber: contact.idnumber ?? '',
    customerphone: contact.phone ?? '',
    customeremail: contact.email ?? '',
    customeraddress: contact.address ?? '',
    customerbranchname: contact.branchname ?? '',
    customerbranchno: contact.branchno ?? '',
  };
}

export function contactsWithRole(
  contacts: readonly GeneratedContact[],
  role: GeneratedContact['role'],
): readonly GeneratedContact[] {
  const matching = contacts.filter((contact) => contact.role === role);
  return matching.length > 0 ? matching : contacts;
}

/**
 * A Thai 13-digit id with its check digit: the first twelve digits weighted 13 down to 2, the check
 * digit is (11 − sum mod 11) mod 10. Companies start 0105 (Bangkok juristic persons), people 1 or 3.
 */
export function thaiTaxId(random: Random, prefix: string): string {
  let digits = prefix;
  while (digits.length < 12) digits += String(random.int(0, 9));
  return `${digits}${taxIdCheckDigit(digits)}`;
}

function pad(value: number, width = 4): string {
  return String(value).padStart(width, '0');
}
