// The compiler's name and version, as the manifest records them.

import pkg from '../package.json' with { type: 'json' };

export const COMPILER_NAME: string = pkg.name;
export const COMPILER_VERSION: string = pkg.version;
