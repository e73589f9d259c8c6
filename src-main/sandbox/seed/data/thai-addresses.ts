// Real Thai localities (sub-district, district, province, postcode, a main road, phone area code) so
// demo addresses read like addresses.

export interface Locality {
  readonly subdistrict: string;
  readonly district: string;
  readonly province: string;
  readonly postcode: string;
  readonly road: string;
  /** Landline prefix: 02 in Bangkok and its neighbours, 0XX elsewhere. */
  readonly areaCode: string;
}

const bangkok = (subdistrict: string, district: string, postcode: string, road: string): Locality => ({
  subdistrict,
  district,
  province: 'กรุงเทพมหานคร',
  postcode,
  road,
  areaCode: '02',
});

const province = (
  subdistrict: string,
  district: string,
  provinceName: string,
  postcode: string,
  road: string,
  areaCode: string,
): Locality => ({ subdistrict, district, province: provinceName, postcode, road, areaCode });

export const localities: readonly Locality[] = [
  bangkok('คลองเตยเหนือ', 'วัฒนา', '10110', 'สุขุมวิท'),
  bangkok('สีลม', 'บางรัก', '10500', 'สีลม'),
  bangkok('ลาดยาว', 'จตุจักร', '10900', 'พหลโยธิน'),
  bangkok('ห้วยขวาง', 'ห้วยขวาง', '10310', 'รัชดาภิเษก'),
  bangkok('บางนาใต้', 'บางนา', '10260', 'บางนา-ตราด'),
  bangkok('สามเสนใน', 'พญาไท', '10400', 'พหลโยธิน'),
  bangkok('บางกะปิ', 'ห้วยขวาง', '10310', 'เพชรบุรีตัดใหม่'),
  bangkok('ลาดพร้าว', 'ลาดพร้าว', '10230', 'ลาดพร้าว'),
  bangkok('บางจาก', 'พระโขนง', '10260', 'สุขุมวิท'),
  bangkok('ทุ่งมหาเมฆ', 'สาทร', '10120', 'นางลิ้นจี่'),
  bangkok('บางบำหรุ', 'บางพลัด', '10700', 'สิรินธร'),
  province('บางเมือง', 'เมืองสมุทรปราการ', 'สมุทรปราการ', '10270', 'ศรีนครินทร์', '02'),
  province('บางกระสอ', 'เมืองนนทบุรี', 'นนทบุรี', '11000', 'รัตนาธิเบศร์', '02'),
  province('คลองหนึ่ง', 'คลองหลวง', 'ปทุมธานี', '12120', 'พหลโยธิน', '02'),
  province('สุเทพ', 'เมืองเชียงใหม่', 'เชียงใหม่', '50200', 'ห้วยแก้ว', '053'),
  province('ช้างเผือก', 'เมืองเชียงใหม่', 'เชียงใหม่', '50300', 'โชตนา', '053'),
  province('ในเมือง', 'เมืองขอนแก่น', 'ขอนแก่น', '40000', 'มิตรภาพ', '043'),
  province('ในเมือง', 'เมืองนครราชสีมา', 'นครราชสีมา', '30000', 'มิตรภาพ', '044'),
  province('หาดใหญ่', 'หาดใหญ่', 'สงขลา', '90110', 'เพชรเกษม', '074'),
  province('ตลาดใหญ่', 'เมืองภูเก็ต', 'ภูเก็ต', '83000', 'เทพกระษัตรี', '076'),
  province('หนองปรือ', 'บางละมุง', 'ชลบุรี', '20150', 'สุขุมวิท', '038'),
  province('เนินพระ', 'เมืองระยอง', 'ระยอง', '21000', 'สุขุมวิท', '038'),
  province('ในเมือง', 'เมืองอุบลราชธานี', 'อุบลราชธานี', '34000', 'ชยางกูร', '045'),
  province('หมากแข้ง', 'เมืองอุดรธานี', 'อุดรธานี', '41000', 'โพศรี', '042'),
  province('พระปฐมเจดีย์', 'เมืองนครปฐม', 'นครปฐม', '73000', 'เพชรเกษม', '034'),
  province('ตลาด', 'เมืองสุราษฎร์ธานี', 'สุราษฎร์ธานี', '84000', 'ตลาดใหม่', '077'),
];

/** An address line in the form Thai documents print it. */
export function formatAddress(locality: Locality, houseNumber: string, soi: string | undefined): string {
  const soiText = soi ? ` ซอย${soi}` : '';
  if (locality.province === 'กรุงเทพมหานคร') {
    return `${houseNumber}${soiText} ถนน${locality.road} แขวง${locality.subdistrict} เขต${locality.district} กรุงเทพมหานคร ${locality.postcode}`;
  }
  return (
    `${houseNumber}${soiText} ถนน${locality.road} ตำบล${locality.subdistrict} ` +
    `อำเภอ${locality.district} จังหวัด${locality.province} ${locality.postcode}`
  );
}
