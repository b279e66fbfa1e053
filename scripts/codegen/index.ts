import { generateAbi } from "./abi.ts";
import { generateDeployments } from "./deployments.ts";

/** `npm run setup` runs this after `hardhat build`: ABI, bytecode and deployed addresses. */
const abiChanged = generateAbi();
const deploymentsChanged = generateDeployments();
const describe = (changed: boolean): string => (changed ? "written" : "unchanged");
console.log(`shared/src/generated: pixlings.ts ${describe(abiChanged)}, deployments.ts ${describe(deploymentsChanged)}`);
