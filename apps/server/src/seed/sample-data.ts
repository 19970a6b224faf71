import type { ToolKind } from '@kanna/shared';
import type { Services } from '../app';
import { seedDemoAccounts } from '../modules/users/demo-accounts';
import { drawTool, type Palette, palettes } from './illustrations';

type SampleTool = {
  productName: string;
  kind: ToolKind;
  palette: Palette;
  description: string;
  /** What Japanese readers see, for some of the tools (the others show them the English). */
  ja?: { productName: string; description: string };
  minQuantity: number;
  available: number;
  priceCents: number;
};

/** Oldest first: the list is shown newest first, so the last entries lead the home page. */
const sampleTools: SampleTool[] = [
  {
    productName: 'Mukomachi Mortise Chisel 9 mm',
    kind: 'chisel',
    palette: palettes.kashi,
    description:
      'A thick-bodied mortise chisel forged from laminated white steel, for deep, square mortises in hardwood. Red-oak handle with a hand-fitted hoop. Back-ground flat and ready to hone.',
    minQuantity: 50,
    available: 20,
    priceCents: 4650,
  },
  {
    productName: 'Kataba Single-Edge Saw Blade 270 mm',
    kind: 'saw',
    palette: palettes.hinoki,
    description:
      'Replacement blade for pull saws: a single row of 15 TPI rip teeth, impulse hardened, 0.6 mm plate. Cuts on the pull stroke for a thin, straight kerf in softwood framing.',
    minQuantity: 40,
    available: 1800,
    priceCents: 1290,
  },
  {
    productName: 'Daruma Genno Hammer 450 g',
    kind: 'hammer',
    palette: palettes.walnut,
    description:
      'Barrel-shaped double-faced hammer for driving large chisels and setting timber joints. One flat face, one slightly domed face; Japanese white-oak handle wedged by hand.',
    minQuantity: 20,
    available: 640,
    priceCents: 5800,
  },
  {
    productName: 'Sori Dai Compass Plane 42 mm',
    kind: 'plane',
    palette: palettes.oak,
    description:
      'Curved-sole plane for concave surfaces such as chair seats and boat parts. Red-oak body, laminated blade and chipbreaker, tuned to take a fine shaving straight out of the box.',
    ja: {
      productName: '反り台鉋 42mm',
      description:
        '椅子の座面や船の部材など、凹面を削るための反り台鉋です。台は赤樫、鉋身と裏金は鋼を付けた二枚刃。調整済みですので、届いたその日から薄い削り屑が出せます。',
    },
    minQuantity: 10,
    available: 260,
    priceCents: 8450,
  },
  {
    productName: 'Kugishime Nail Punch Set (3 sizes)',
    kind: 'driver',
    palette: palettes.cherry,
    description:
      'Nail punches of 1.5, 2 and 3 mm for sinking finish nails below the surface without marking the wood. Knurled tool-steel shafts, cherry-wood grips turned in our workshop.',
    minQuantity: 30,
    available: 1500,
    priceCents: 1980,
  },
  {
    productName: 'Atsu Nomi Timber Chisel 36 mm',
    kind: 'chisel',
    palette: palettes.walnut,
    description:
      'Heavy timber-framing chisel for paring large joints and cleaning tenon shoulders. Hollow-ground back, blue-steel cutting layer, long walnut-stained oak handle with a forged hoop.',
    minQuantity: 12,
    available: 300,
    priceCents: 7200,
  },
  {
    productName: 'Kiwa Kanna Rebate Plane 24 mm',
    kind: 'plane',
    palette: palettes.kashi,
    description:
      'Side-escapement rebate plane for cutting and trimming rebates along an edge. The blade reaches the full width of the sole; white-oak body seasoned for five years.',
    minQuantity: 10,
    available: 180,
    priceCents: 6900,
  },
  {
    productName: 'Hinoki Handle Screwdriver 6 mm',
    kind: 'driver',
    palette: palettes.hinoki,
    description:
      'Flat-blade cabinetmaker’s screwdriver with a hollow-ground tip that sits snugly in slotted screws. The oval hinoki handle fills the palm and will not roll off the bench.',
    minQuantity: 50,
    available: 4200,
    priceCents: 690,
  },
  {
    productName: 'Dozuki Dovetail Saw Blade 210 mm',
    kind: 'saw',
    palette: palettes.walnut,
    description:
      'Fine crosscut blade with a stiffening back for dovetails and tenon cheeks: 25 TPI, 0.3 mm plate, set just enough to leave a clean 0.45 mm kerf in hardwood.',
    ja: {
      productName: '胴付鋸 替刃 210mm',
      description:
        '蟻組やほぞの胴付きを挽く、背金付きの細目の横挽き替刃です。1インチあたり25山、板厚0.3mm。アサリは控えめで、堅木にも0.45mmのきれいな挽き道を残します。',
    },
    minQuantity: 25,
    available: 900,
    priceCents: 2450,
  },
  {
    productName: 'Kanazuchi Square-Head Hammer 225 g',
    kind: 'hammer',
    palette: palettes.hinoki,
    description:
      'Light square-faced hammer for setting plane blades and driving small nails. Drop-forged and heat treated, with a hinoki handle shaped for a relaxed grip.',
    minQuantity: 24,
    available: 1200,
    priceCents: 2350,
  },
  {
    productName: 'Oire Nomi Bench Chisel 24 mm',
    kind: 'chisel',
    palette: palettes.cherry,
    description:
      'Everyday bench chisel with a laminated white-steel edge at 27°, a hollow back for quick flattening, and a red-oak handle with a steel hoop for striking with a genno.',
    ja: {
      productName: '追入鑿 24mm',
      description:
        '毎日の仕事に使う追入鑿です。白紙鋼の刃を27°に仕上げ、裏スキ付きで裏押しも手早く済みます。柄は赤樫、玄翁で叩けるよう鋼の桂を据えています。',
    },
    minQuantity: 20,
    available: 2000,
    priceCents: 3850,
  },
  {
    productName: 'Cherry-Handle Phillips Driver No. 2',
    kind: 'driver',
    palette: palettes.cherry,
    description:
      'Phillips No. 2 driver with a chrome-vanadium shaft seated deep in a turned cherry-wood handle. Balanced for fitting hinges and hardware without cam-out.',
    minQuantity: 60,
    available: 3600,
    priceCents: 780,
  },
  {
    productName: 'Ryoba Double-Edge Saw Blade 240 mm',
    kind: 'saw',
    palette: palettes.oak,
    description:
      'The carpenter’s saw: crosscut teeth on one edge, rip teeth on the other, 0.5 mm plate. Fits our rattan-wrapped ryoba handles; impulse-hardened teeth stay sharp for longer.',
    ja: {
      productName: '両刃鋸 替刃 240mm',
      description:
        '大工仕事の基本となる鋸です。片側に横挽き、もう片側に縦挽きの刃を持つ、板厚0.5mmの替刃。当店の籐巻きの両刃鋸の柄に合います。衝撃焼入れの刃で、切れ味が長く続きます。',
    },
    minQuantity: 30,
    available: 2500,
    priceCents: 1850,
  },
  {
    productName: 'Kanna Smoothing Plane 70 mm',
    kind: 'plane',
    palette: palettes.hinoki,
    description:
      'Our namesake: a pull-stroke smoothing plane with a white-oak body and a laminated blue-steel blade. Leaves a polished surface on cedar, cypress and cherry with no sanding.',
    ja: {
      productName: '平鉋 70mm',
      description:
        '店名の由来でもある、引いて削る仕上げ鉋です。台は白樫、刃は青紙鋼の付け刃。杉、檜、桜の面を、紙やすりを使わずに艶やかに仕上げます。',
    },
    minQuantity: 10,
    available: 400,
    priceCents: 9600,
  },
  {
    productName: 'Genno Double-Faced Hammer 375 g',
    kind: 'hammer',
    palette: palettes.oak,
    description:
      'The classic Japanese chisel hammer: a forged, hardened head with one flat face for chisels and one domed face for the final nail blow. White-oak handle, hand-wedged.',
    ja: {
      productName: '両口玄翁 375g',
      description:
        '鑿を叩くための定番、両口玄翁です。鍛造して焼きを入れた頭は、平らな面で鑿を叩き、丸みのある面で釘の最後の一打ちを決めます。柄は白樫、楔で手締めしています。',
    },
    minQuantity: 20,
    available: 1000,
    priceCents: 4200,
  },
];

const sampleReviews = [
  {
    name: 'Haruto Sato',
    rating: 5,
    description:
      'We equip a carpentry school with 200 chisels a year. Every Oire Nomi arrived flat, sharp and well packed, and the bulk price beats our old wholesaler.',
  },
  {
    name: 'Emma Lindqvist',
    rating: 4,
    description:
      'Ordered ryoba blades for our Stockholm workshop. Excellent steel and fast delivery; I would love a slightly longer blade option.',
  },
  {
    name: 'Kenji Watanabe',
    rating: 5,
    description:
      'The Kanna smoothing planes need almost no tuning. Our furniture makers fought over the first batch, so we doubled the next order.',
  },
  {
    name: 'Olivia Martin',
    rating: 4,
    description:
      'Genno hammers are beautifully balanced. Minimum order quantity is reasonable for a small shop like ours.',
  },
  {
    name: 'Daniel Okafor',
    rating: 3,
    description:
      'Good tools and honest prices. Shipping to Lagos took longer than expected, but the team kept us informed the whole way.',
  },
  {
    name: 'Yui Nakamura',
    rating: 5,
    description:
      'Dovetail saw blades cut like a dream. Clean kerf, no wandering. These are now standard in all three of our stores.',
  },
  {
    name: 'Lucas Ferreira',
    rating: 5,
    description:
      'Bought screwdrivers and nail punches for resale. Customers love the wooden handles and we have reordered twice.',
  },
  {
    name: 'Sophie Dubois',
    rating: 4,
    description:
      'Lovely compass planes for our chair workshop. The curved sole is accurate and the blade holds its edge through a full day.',
  },
];

const SAMPLE_ADMIN = 'shop@kanna-tools.example';

/** The `shop_meta` key that records that the sample data was added (or never will be). */
export const SAMPLE_DATA_KEY = 'sample-data';

export type SampleDataAdded = { tools: number; reviews: number; accounts: number };

/**
 * Adds the sample catalogue and reviews — and, when `demoAccounts` is set (never in
 * production: their passwords are published), the two demo accounts — to an empty database,
 * once. The shop records that it did (`shop_meta`), so a tool or an account an admin deleted
 * is never added back at a later start. A shop that already holds data (including one seeded
 * by a version that kept no record) is recorded as seeded and left as it is. Returns what it
 * added.
 */
export async function seedSampleData(
  services: Services,
  options: { demoAccounts?: boolean } = {},
): Promise<SampleDataAdded> {
  const added: SampleDataAdded = { tools: 0, reviews: 0, accounts: 0 };
  const { meta } = services;
  if ((await meta.get(SAMPLE_DATA_KEY)) !== null) return added;
  if (!(await meta.shopIsEmpty())) {
    await meta.claim(SAMPLE_DATA_KEY, 'not added: the shop already had data');
    return added;
  }
  // Two instances starting on one empty database: only the one that records it first adds it.
  if (!(await meta.claim(SAMPLE_DATA_KEY, 'adding'))) return added;

  const start = Date.now() - sampleTools.length * 86_400_000;
  for (const [i, t] of sampleTools.entries()) {
    const imageId = await services.media.storeImage(drawTool(t.kind, t.palette));
    await services.catalog.create({
      productName: t.productName,
      description: t.description,
      productNameJa: t.ja?.productName ?? null,
      descriptionJa: t.ja?.description ?? null,
      kind: t.kind,
      imageId,
      minQuantity: t.minQuantity,
      available: t.available,
      priceCents: t.priceCents,
      addedBy: SAMPLE_ADMIN,
      createdAt: new Date(start + i * 86_400_000),
    });
    added.tools++;
  }
  for (const [i, r] of sampleReviews.entries()) {
    await services.reviews.create({ ...r, createdAt: new Date(start + i * 3_600_000 * 30) });
    added.reviews++;
  }
  if (options.demoAccounts) added.accounts = await seedDemoAccounts(services.auth, services.users);
  await meta.set(
    SAMPLE_DATA_KEY,
    `added ${added.tools} tools, ${added.reviews} reviews, ${added.accounts} demo accounts`,
  );
  return added;
}
