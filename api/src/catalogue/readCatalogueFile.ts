import { readFile } from "node:fs/promises";
import { type Catalogue, CatalogueSchema } from "@pixlings/shared/catalogue";
import { formatZodError } from "../http/parseInput.ts";

export type { Catalogue as CatalogueFile } from "@pixlings/shared/catalogue";

/** Reads and validates the art generator's catalogue.json (written by `npm run setup`). */
export async function readCatalogueFile(file: string): Promise<Catalogue> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read the catalogue ${file} (run \`npm run setup\` to build the art): ${(error as Error).message}`);
  }
  const result = CatalogueSchema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`invalid catalogue ${file}: ${formatZodError(result.error, "")}`);
  return result.data;
}
