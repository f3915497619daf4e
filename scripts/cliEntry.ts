import { main } from '../src/main/cli/index';

process.exitCode = await main(process.argv.slice(2));
