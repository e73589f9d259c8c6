// The shape of the word lists the product generator combines into names, units, sizes and prices.

/** One pack size of a product: its label in the name, unit, shipping weight and box, and price factor. */
export interface SizeOption {
  readonly label: string;
  readonly unit: string;
  /** Shipping weight in grams, as the wire's String field carries it. */
  readonly weight: string;
  /** Width, length, height in centimetres, as text (made once here, shared by every product). */
  readonly width: string;
  readonly length: string;
  readonly height: string;
  /** Multiplies the category's base price (a six-pack costs about six bottles). */
  readonly priceFactor: number;
}

/** A custom property a product of the category may carry (Product.properties). */
export interface PropertyTemplate {
  readonly name: string;
  readonly values: readonly string[];
}

/** Items that share their flavours and pack sizes (a coffee bean is not sold by the sachet). */
export interface ProductLine {
  readonly items: readonly string[];
  /** Flavours, scents, colours...; '' means "no variant word". */
  readonly variants: readonly string[];
  readonly sizes: readonly SizeOption[];
  /** Base price range in baht for a size with priceFactor 1. */
  readonly price: readonly [number, number];
}

export interface CategoryTemplate {
  readonly name: string;
  /** Relative share of the catalogue. */
  readonly weight: number;
  readonly brands: readonly string[];
  /** Fresh food carries farm names, never the general brands. */
  readonly ownBrandsOnly?: boolean;
  readonly lines: readonly ProductLine[];
  readonly properties: readonly PropertyTemplate[];
}

export function line(
  items: readonly string[],
  variants: readonly string[],
  sizes: readonly SizeOption[],
  price: readonly [number, number],
): ProductLine {
  return { items, variants, sizes, price };
}

export function size(
  label: string,
  unit: string,
  grams: number,
  box: readonly [number, number, number],
  priceFactor: number,
): SizeOption {
  const [width, length, height] = box.map(String) as [string, string, string];
  return { label, unit, weight: String(grams), width, length, height, priceFactor };
}

export const madeIn: PropertyTemplate = {
  name: 'ประเทศผู้ผลิต',
  values: ['ไทย', 'ไทย', 'ไทย', 'ญี่ปุ่น', 'เกาหลีใต้', 'มาเลเซีย', 'เวียดนาม', 'จีน'],
};

export const shelfLife: PropertyTemplate = {
  name: 'อายุการเก็บรักษา',
  values: ['6 เดือน', '9 เดือน', '12 เดือน', '18 เดือน', '24 เดือน'],
};

export const storage: PropertyTemplate = {
  name: 'การเก็บรักษา',
  values: ['เก็บในที่แห้งและเย็น', 'หลีกเลี่ยงแสงแดด', 'เก็บในตู้เย็น 0-4 °C', 'เก็บในช่องแช่แข็ง -18 °C'],
};
