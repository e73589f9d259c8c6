// Thai person and company names with a Latin spelling each, so e-mail addresses can be derived from
// them (e-mail local parts are ASCII in practice).

/** [Thai, Latin] */
export type NamePair = readonly [string, string];

export const maleFirstNames: readonly NamePair[] = [
  ['สมชาย', 'somchai'],
  ['สมศักดิ์', 'somsak'],
  ['ประเสริฐ', 'prasert'],
  ['วิชัย', 'wichai'],
  ['ธนากร', 'thanakorn'],
  ['อนุชา', 'anucha'],
  ['ณัฐพล', 'nattapon'],
  ['กิตติศักดิ์', 'kittisak'],
  ['ปิยะ', 'piya'],
  ['สุรชัย', 'surachai'],
  ['วีระพงษ์', 'weerapong'],
  ['ชัยวัฒน์', 'chaiwat'],
  ['พงศกร', 'pongsakorn'],
  ['ธีรวัฒน์', 'theerawat'],
  ['อภิชาติ', 'apichart'],
  ['เอกชัย', 'ekachai'],
  ['ศุภชัย', 'supachai'],
  ['บุญมี', 'boonmee'],
];

export const femaleFirstNames: readonly NamePair[] = [
  ['สมหญิง', 'somying'],
  ['วันเพ็ญ', 'wanpen'],
  ['กาญจนา', 'kanjana'],
  ['สุนันทา', 'sunanta'],
  ['ปวีณา', 'paweena'],
  ['ณัฐธิดา', 'nattida'],
  ['จิราพร', 'jiraporn'],
  ['อรุณี', 'arunee'],
  ['พิมพ์ชนก', 'pimchanok'],
  ['ศิริพร', 'siriporn'],
  ['มาลัย', 'malai'],
  ['รัตนา', 'rattana'],
  ['สุภาพร', 'supaporn'],
  ['นภัสสร', 'napassorn'],
  ['ธนพร', 'thanaporn'],
  ['วรรณา', 'wanna'],
  ['ดวงใจ', 'duangjai'],
  ['ปราณี', 'pranee'],
];

export const lastNames: readonly NamePair[] = [
  ['ใจดี', 'jaidee'],
  ['รักไทย', 'rakthai'],
  ['ศรีสุข', 'srisuk'],
  ['วงศ์สวัสดิ์', 'wongsawat'],
  ['แสงทอง', 'saengthong'],
  ['บุญมา', 'boonma'],
  ['ทองดี', 'thongdee'],
  ['สุขประเสริฐ', 'sukprasert'],
  ['เจริญผล', 'charoenphon'],
  ['พรหมมา', 'phromma'],
  ['จันทร์เพ็ญ', 'chanpen'],
  ['มณีรัตน์', 'maneerat'],
  ['ศรีวิไล', 'sriwilai'],
  ['สายสุวรรณ', 'saisuwan'],
  ['นาคสวัสดิ์', 'naksawat'],
  ['อินทร์แก้ว', 'inkaew'],
  ['ชัยมงคล', 'chaimongkol'],
  ['พัฒนากุล', 'pattanakul'],
  ['ธนสาร', 'thanasan'],
  ['เพชรรัตน์', 'petcharat'],
];

/** Trading names of suppliers and business customers. */
export const companyNames: readonly NamePair[] = [
  ['สยามเทรดดิ้ง', 'siamtrading'],
  ['ไทยรุ่งเรืองพาณิชย์', 'thairungrueang'],
  ['เจริญสินค้าอุปโภค', 'charoensinka'],
  ['รวมทรัพย์ดิสทริบิวชั่น', 'ruamsapdist'],
  ['ทองไทยฟู้ดส์', 'thongthaifoods'],
  ['มั่นคงการค้า', 'mankhongtrade'],
  ['แสงทองซัพพลาย', 'saengthongsupply'],
  ['ศรีนครเครื่องเขียน', 'srinakhonstationery'],
  ['บ้านสวนเกษตรภัณฑ์', 'bansuanagri'],
  ['ภูเก็ตซีฟู้ด', 'phuketseafood'],
  ['ล้านนาโปรดักส์', 'lannaproducts'],
  ['อีสานมาร์เก็ตติ้ง', 'isanmarketing'],
  ['กรุงเทพโฮมแคร์', 'bangkokhomecare'],
  ['ชลบุรีค้าส่ง', 'chonburiwholesale'],
  ['ดีเจริญพาณิชย์', 'deecharoen'],
  ['สุขใจมินิมาร์ท', 'sukjaiminimart'],
  ['เพชรเกษมค้าปลีก', 'phetkasemretail'],
  ['ยิ่งเจริญโลจิสติกส์', 'yingcharoenlogistics'],
  ['นครพิงค์ซูเปอร์สโตร์', 'nakhonpingstore'],
  ['เอเชียแพ็คเกจจิ้ง', 'asiapackaging'],
  ['ไทยเฮิร์บแล็บ', 'thaiherblab'],
  ['กรีนฟาร์มออร์แกนิก', 'greenfarmorganic'],
  ['สามพรานเทรดดิ้ง', 'sampran'],
  ['บางนาคอมเมอร์เชียล', 'bangnacommercial'],
  ['รุ่งอรุณการค้า', 'rungarun'],
  ['ศรีสยามเคมีภัณฑ์', 'srisiamchem'],
  ['ไทยพัฒนาอาหาร', 'thaipattanafood'],
  ['โชคดีพลาสติก', 'chokdeeplastic'],
  ['ทรัพย์ทวีค้าส่ง', 'subtaweewholesale'],
  ['นำชัยเทรดดิ้ง', 'namchaitrading'],
  ['สหมิตรซัพพลาย', 'sahamitsupply'],
  ['เกียรติเจริญอุตสาหกรรม', 'kiatcharoen'],
  ['ราชพฤกษ์มาร์ท', 'ratchaphruekmart'],
  ['บ้านและสวนดีไซน์', 'banlaesuandesign'],
  ['เมืองทองแพ็คเกจ', 'muangthongpack'],
  ['อุดมสุขฟาร์ม', 'udomsukfarm'],
  ['ชัยพฤกษ์เครื่องครัว', 'chaiyaphruekkitchen'],
  ['ทวีผลเกษตร', 'taweephonagri'],
  ['ไพศาลค้าไม้', 'phaisantimber'],
  ['ศิริมงคลโอสถ', 'sirimongkolosot'],
];

/** Company forms; {name} is replaced by the trading name. */
export const companyForms: readonly string[] = [
  'บริษัท {name} จำกัด',
  'บริษัท {name} จำกัด',
  'บริษัท {name} จำกัด',
  'ห้างหุ้นส่วนจำกัด {name}',
  'บริษัท {name} จำกัด (มหาชน)',
  'ร้าน{name}',
];

export const personTitles = { male: 'นาย', female: ['นาง', 'นางสาว'] } as const;

export const subContactPositions: readonly string[] = [
  'ฝ่ายขาย',
  'ฝ่ายจัดซื้อ',
  'ฝ่ายบัญชี',
  'ผู้จัดการฝ่ายขาย',
  'เจ้าของกิจการ',
  'ฝ่ายคลังสินค้า',
  'ฝ่ายการเงิน',
];

export const companyMailboxes: readonly string[] = ['sales', 'contact', 'info', 'account', 'order'];
export const personMailDomains: readonly string[] = [
  'gmail.com',
  'hotmail.com',
  'outlook.co.th',
  'yahoo.com',
];
