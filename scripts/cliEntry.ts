import { main } from '../src/main/faces/cli/index';

process.exitCode = await main(process.argv.slice(2));
