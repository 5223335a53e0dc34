// Lets plain Node processes (the worker, test children, benches) load the features' server entries:
// `server-only` throws outside React's server build, whose `react-server` condition would in turn
// break Next modules those entries import (next/navigation needs the client React). Only the
// `server-only` marker is stubbed; everything else resolves as usual.
import { register } from "node:module";

register("./server-only-loader.mjs", import.meta.url);
