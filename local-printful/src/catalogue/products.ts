import type { ShapeName } from "../render/shapes.ts";

export interface Colour {
  name: string;
  hex: string;
}

interface PlacementDefinition {
  /** Printful's placement key (`front`, `back`, `embroidery_chest_left`, `default`). */
  key: string;
  title: string;
  /** The print file's size in pixels (what `position.area_width/area_height` refer to). */
  printfile: { width: number; height: number; dpi: number };
  /** Which side of the product the mockup shows. */
  view: "front" | "back";
}

export interface ProductDefinition {
  id: number;
  type: string;
  typeName: string;
  title: string;
  brand: string | null;
  model: string;
  description: string;
  shape: ShapeName;
  colours: Colour[];
  sizes: string[];
  /** USD, as Printful writes prices: a decimal string. */
  price: string;
  placements: PlacementDefinition[];
  /** Variants (colour name / size) that are out of stock. */
  outOfStock?: readonly (readonly [string, string])[];
  /** A test product: its mockup tasks always end `failed` (the stand-in has no template for it). */
  failsMockups?: boolean;
}

const BLACK = { name: "Black", hex: "#0c0c0c" };
const WHITE = { name: "White", hex: "#ffffff" };
const NAVY = { name: "Navy", hex: "#1f2a44" };
const HEATHER = { name: "Heather Grey", hex: "#9a9a9a" };
const MAROON = { name: "Maroon", hex: "#5b1f2c" };
const FOREST = { name: "Forest Green", hex: "#1f4d33" };
const OYSTER = { name: "Oyster", hex: "#ece3d2" };
const STAINLESS = { name: "Stainless Steel", hex: "#c2c6cc" };
const CLEAR = { name: "Clear", hex: "#e8eef4" };

const APPAREL_SIZES = ["XS", "S", "M", "L", "XL", "2XL", "3XL"];
const apparelFront = { key: "front", title: "Front print", printfile: { width: 1800, height: 2400, dpi: 150 }, view: "front" } as const;
const apparelBack = { key: "back", title: "Back print", printfile: { width: 1800, height: 2400, dpi: 150 }, view: "back" } as const;
const oneSide = (width: number, height: number, title = "Print file"): PlacementDefinition => ({
  key: "default",
  title,
  printfile: { width, height, dpi: 150 },
  view: "front",
});

/**
 * The stand-in's catalogue: a dozen products across the storefront's four categories, with
 * Printful's ids where the real product is well known (71, 146, 19, 1, 84), product 599 (which the
 * picker must leave out) and a test product whose mockups always fail.
 */
export const PRODUCTS: readonly ProductDefinition[] = [
  {
    id: 71,
    type: "T-SHIRT",
    typeName: "T-Shirt",
    title: "Unisex Staple T-Shirt | Bella + Canvas 3001",
    brand: "Bella + Canvas",
    model: "3001 Unisex Short Sleeve Jersey T-Shirt",
    description: "A soft, light jersey tee with a retail fit.",
    shape: "tshirt",
    colours: [WHITE, BLACK, NAVY, HEATHER],
    sizes: APPAREL_SIZES,
    price: "9.25",
    placements: [apparelFront, apparelBack],
    outOfStock: [["Navy", "3XL"]],
  },
  {
    id: 146,
    type: "HOODIE",
    typeName: "Hoodie",
    title: "Unisex Heavy Blend Hoodie | Gildan 18500",
    brand: "Gildan",
    model: "18500 Unisex Heavy Blend Hooded Sweatshirt",
    description: "A cosy hoodie with a double-lined hood and a front pouch pocket.",
    shape: "hoodie",
    colours: [BLACK, WHITE, MAROON, FOREST],
    sizes: ["S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"],
    price: "22.95",
    placements: [
      { key: "embroidery_chest_left", title: "Left chest embroidery", printfile: { width: 1200, height: 1200, dpi: 300 }, view: "front" },
      { ...apparelFront, printfile: { width: 1500, height: 1500, dpi: 150 } },
      apparelBack,
    ],
  },
  {
    id: 248,
    type: "TANK-TOP",
    typeName: "Tank Top",
    title: "Unisex Jersey Tank Top | Bella + Canvas 3480",
    brand: "Bella + Canvas",
    model: "3480 Unisex Jersey Tank",
    description: "A light tank top for warm days.",
    shape: "tank",
    colours: [WHITE, BLACK, HEATHER],
    sizes: ["XS", "S", "M", "L", "XL", "2XL"],
    price: "10.95",
    placements: [apparelFront, apparelBack],
  },
  {
    id: 599,
    type: "T-SHIRT",
    typeName: "Long Sleeve Tee",
    title: "Unisex Long Sleeve Tee (not offered by the storefront)",
    brand: "Bella + Canvas",
    model: "3501 Unisex Long Sleeve Tee",
    description: "Printful's product 599: the storefront's picker leaves it out.",
    shape: "longsleeve",
    colours: [BLACK, WHITE],
    sizes: ["S", "M", "L", "XL"],
    price: "14.95",
    placements: [apparelFront, apparelBack],
  },
  {
    id: 19,
    type: "MUG",
    typeName: "Mug",
    title: "White Glossy Mug",
    brand: null,
    model: "White Glossy Mug",
    description: "A sturdy white ceramic mug, dishwasher and microwave safe.",
    shape: "mug",
    colours: [WHITE],
    sizes: ["11 oz", "15 oz", "20 oz"],
    price: "4.95",
    placements: [oneSide(2475, 1155)],
  },
  {
    id: 300,
    type: "MUG",
    typeName: "Travel Mug",
    title: "Travel Mug with a Handle",
    brand: null,
    model: "Stainless Steel Travel Mug",
    description: "Keeps drinks hot on the go.",
    shape: "travelMug",
    colours: [BLACK, WHITE],
    sizes: ["25 oz"],
    price: "17.95",
    placements: [oneSide(2000, 1600)],
  },
  {
    id: 382,
    type: "BOTTLE",
    typeName: "Water Bottle",
    title: "Stainless Steel Water Bottle",
    brand: null,
    model: "Stainless Steel Water Bottle",
    description: "A double-walled bottle with a screw lid.",
    shape: "bottle",
    colours: [WHITE, BLACK, STAINLESS],
    sizes: ["17 oz"],
    price: "19.50",
    placements: [oneSide(1500, 2100)],
  },
  {
    id: 83,
    type: "PILLOW",
    typeName: "Pillow",
    title: "Basic Pillow",
    brand: null,
    model: "All-Over Print Basic Pillow",
    description: "A soft square pillow with the print on the front.",
    shape: "pillow",
    colours: [WHITE],
    sizes: ["18″×18″", "22″×22″"],
    price: "19.95",
    placements: [{ ...oneSide(2700, 2700, "Front print"), key: "front" }],
  },
  {
    id: 1,
    type: "POSTER",
    typeName: "Poster",
    title: "Enhanced Matte Paper Poster (in)",
    brand: null,
    model: "Enhanced Matte Paper Poster (in)",
    description: "A museum-quality poster on thick matte paper.",
    shape: "poster",
    colours: [WHITE],
    sizes: ["12″×16″", "18″×24″", "24″×36″"],
    price: "8.50",
    placements: [oneSide(3600, 4800)],
  },
  {
    id: 3,
    type: "CANVAS",
    typeName: "Canvas",
    title: "Canvas (in)",
    brand: null,
    model: "Canvas (in)",
    description: "Stretched canvas on a wooden frame.",
    shape: "canvas",
    colours: [BLACK, WHITE],
    sizes: ["12″×12″", "16″×16″"],
    price: "24.00",
    placements: [oneSide(3600, 3600)],
  },
  {
    id: 84,
    type: "TOTE-BAG",
    typeName: "Tote Bag",
    title: "Eco Tote Bag",
    brand: "Econscious",
    model: "EC8000 Eco Tote Bag",
    description: "A sturdy cotton tote with long handles.",
    shape: "tote",
    colours: [OYSTER, BLACK],
    sizes: ["15″×15″"],
    price: "11.95",
    placements: [{ ...oneSide(2250, 2250, "Front print"), key: "front" }],
  },
  {
    id: 181,
    type: "PHONE-CASE",
    typeName: "Phone Case",
    title: "Clear Case for iPhone®",
    brand: null,
    model: "Clear Case for iPhone",
    description: "A slim, clear, shock-absorbing case.",
    shape: "phoneCase",
    colours: [CLEAR],
    sizes: ["iPhone 14", "iPhone 15", "iPhone 15 Pro"],
    price: "10.95",
    placements: [oneSide(900, 1800)],
  },
  {
    id: 358,
    type: "STICKER",
    typeName: "Sticker",
    title: "Kiss-Cut Stickers",
    brand: null,
    model: "Kiss-Cut Stickers",
    description: "Durable vinyl stickers, cut to shape.",
    shape: "sticker",
    colours: [WHITE],
    sizes: ["3″×3″", "4″×4″", "5.5″×5.5″"],
    price: "2.29",
    placements: [oneSide(1200, 1200)],
  },
  {
    id: 9001,
    type: "PIN",
    typeName: "Pin",
    title: "Enamel Pin (stand-in test product: mockups fail)",
    brand: null,
    model: "Enamel Pin",
    description: "A test product of the local stand-in: every mockup task for it ends failed.",
    shape: "pin",
    colours: [STAINLESS],
    sizes: ["1″"],
    price: "6.00",
    placements: [oneSide(600, 600)],
    failsMockups: true,
  },
];
