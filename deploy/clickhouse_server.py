#!/usr/bin/env python3
"""Run a real ClickHouse server from libchdb.so (npm package @chdb/lib-linux-x64-gnu).

libchdb.so is the whole ClickHouse binary as a library. `chdb_query_cmdline(argc, argv)` takes
the argv of `clickhouse local`; with `--listen_host/--http_port/--tcp_port` and a query that
starts the HTTP and native listeners and then blocks, the process serves ClickHouse's HTTP
interface (and the native protocol) until it is signalled. Used by deploy/clickhouse.sh:

    clickhouse_server.py LIBCHDB DATA_DIR HTTP_PORT TCP_PORT
"""
import ctypes
import sys

lib_path, data_dir, http_port, tcp_port = sys.argv[1:5]
lib = ctypes.CDLL(lib_path)
lib.chdb_query_cmdline.restype = ctypes.c_void_p
lib.chdb_query_cmdline.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
# The blocking query sleeps one second per row (one row per block), so it idles at ~0% CPU.
block = "SELECT sleepEachRow(1) FROM system.numbers SETTINGS max_block_size = 1 FORMAT Null"
args = [
    "clickhouse",
    f"--path={data_dir}",
    "--listen_host=127.0.0.1",
    f"--http_port={http_port}",
    f"--tcp_port={tcp_port}",
    f"--query=SYSTEM START LISTEN HTTP; SYSTEM START LISTEN TCP; {block}",
]
argv = (ctypes.c_char_p * len(args))(*[a.encode() for a in args])
lib.chdb_query_cmdline(len(args), argv)
sys.exit("clickhouse_server.py: the blocking query returned; the server stopped")
