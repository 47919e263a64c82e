#!/usr/bin/env python3
# Copyright 2026 The project authors.
#
# fuzz/make_corpus.py: writes the seed corpora under fuzz/corpus/<target>/.
#
# Each seed is laid out as the target's comment describes (fixed fields,
# little-endian, then data). The seeds put the fuzzers at the edges
# straight away: block boundaries, empty inputs, keys longer than a block,
# the HKDF length limit, the ChaCha20 counter wrap, all-ones Poly1305 blocks,
# the RFC 8439 examples, and 64 KiB AEAD messages (through the filler
# length field, so the files stay small). The output is deterministic:
# rerunning the script rewrites the same files.
#
# Usage: python3 fuzz/make_corpus.py   (from anywhere)

import os
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def u16(x):
    return struct.pack("<H", x)


def u32(x):
    return struct.pack("<I", x)


def filler(n):
    """Encodes a filler length as fuzz_filler_len (fuzz/fuzz_util.h) reads
    it: exact below 1024, rounded down to a multiple of 4 above."""
    if n < 1024:
        return u16(4 * n)
    return u16(4 * (n // 4) + 3)


def counting(n, start=0):
    return bytes((start + i) & 0xFF for i in range(n))


def write(target, name, data):
    d = os.path.join(ROOT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


LADIES = (b"Ladies and Gentlemen of the class of '99: If I could offer you "
          b"only one tip for the future, sunscreen would be it.")

# sha: split seed, message. Lengths around the 64- and 128-byte blocks.
for n in (0, 1, 3, 55, 56, 57, 63, 64, 65, 111, 112, 113, 127, 128, 129, 200):
    write("sha", "len%03d" % n, u32(0x1234567 + n) + counting(n))
write("sha", "abc", u32(7) + b"abc")

# sha_batch: split seed, data (cut into messages by the seed; its whole
# blocks are also hashed as pairs). Around the lane counts: 8 and 16
# blocks of 64 and 128 bytes.
for n in (0, 64, 200, 1024, 1100, 2048, 4000):
    write("sha_batch", "len%04d" % n, u32(0xba7c0000 + n) + counting(n))

# hmac: digest selector, key length, split seed, key, message.
for md in range(7):
    for klen in (0, 20, 64, 129):
        write("hmac", "md%d_key%03d" % (md, klen),
              bytes([md, klen]) + u32(md * 1000 + klen) + counting(klen, 0x40)
              + b"Hi There" + counting(md * 17))

# hkdf: digest selector, output length, secret length, salt length, secret,
# salt, info. RFC 5869 test case 1 (SHA-256, L = 42), then the limits.
secret = b"\x0b" * 22
salt = counting(13)
info = counting(10, 0xF0)
write("hkdf", "rfc5869_1", bytes([2]) + u16(42) + bytes([22, 13]) + secret
      + salt + info)
write("hkdf", "rfc5869_3", bytes([2]) + u16(42) + bytes([22, 0]) + secret)
md_lens = (20, 28, 32, 48, 64, 28, 32)
for md, hl in enumerate(md_lens):
    write("hkdf", "md%d_max" % md, bytes([md]) + u16(0xC000 | (255 * hl))
          + bytes([8, 4]) + counting(8) + counting(4, 0x80) + b"ctx")
    write("hkdf", "md%d_over" % md, bytes([md]) + u16(0xC000 | (255 * hl + 1))
          + bytes([8, 0]) + counting(8))
    write("hkdf", "md%d_short" % md, bytes([md]) + u16(hl + 1) + bytes([0, 0]))

# chacha20: key, nonce, counter, mode, filler length, split seed, message.
rfc_key = counting(32)
rfc_nonce = bytes.fromhex("000000000000004a00000000")
write("chacha20", "rfc8439_2_4_2",
      rfc_key + rfc_nonce + u32(1) + bytes([0]) + filler(0) + u32(1) + LADIES)
write("chacha20", "empty", rfc_key + rfc_nonce + u32(0) + bytes([0]) + filler(0)
      + u32(2))
for back in (0, 1, 3, 7):
    # Counter 2^32 - 1 - back, 64 KiB minus a bit: crosses the wrap.
    write("chacha20", "wrap%d" % back,
          rfc_key + rfc_nonce + u32(back) + bytes([1]) + filler(65000 - back)
          + u32(back + 5) + counting(37))
for n in (63, 64, 65, 255, 256, 257, 511, 512, 513):
    write("chacha20", "filler%03d" % n, counting(32, 9) + counting(12, 3)
          + u32(n) + bytes([0]) + filler(n) + u32(n * 31))

# poly1305: key (r, s), filler length, split seed, message.
poly_key = bytes.fromhex("85d6be7857556d337f4452fe42d506a8"
                         "0103808afb0db2fd4abff6af4149f51b")
write("poly1305", "rfc8439_2_5_2",
      poly_key + filler(0) + u32(3) + b"Cryptographic Forum Research Group")
write("poly1305", "empty", poly_key + filler(0) + u32(4))
ones_key = bytes([0xFF] * 32)
for n in (16, 17, 64, 256, 1024, 4096):
    # An odd split seed makes the filler all 0xff: maximal limbs with the
    # largest clamped r.
    write("poly1305", "ones%04d" % n, ones_key + filler(n) + u32(2 * n + 1))
write("poly1305", "long", poly_key + filler(60000) + u32(10) + counting(16))

# aead: flags, tag length, corruption position, key, nonce (24), AD length,
# filler length, filler seed, AD, plaintext. RFC 8439 section 2.8.2 first.
aead_key = counting(32, 0x80)
aead_nonce = bytes.fromhex("070000004041424344454647") + bytes(12)
aead_ad = bytes.fromhex("50515253c0c1c2c3c4c5c6c7")
write("aead", "rfc8439_2_8_2", bytes([0, 0]) + u16(5) + aead_key + aead_nonce
      + bytes([len(aead_ad)]) + filler(0) + u32(1) + aead_ad + LADIES)
xnonce = counting(24, 0x40)
write("aead", "xchacha", bytes([1, 0]) + u16(77) + aead_key + xnonce
      + bytes([len(aead_ad)]) + filler(0) + u32(2) + aead_ad + LADIES)
for flags in (0, 1):
    write("aead", "empty%d" % flags, bytes([flags, 16]) + u16(0) + aead_key
          + xnonce + bytes([0]) + filler(0) + u32(3))
    write("aead", "tag1_%d" % flags, bytes([flags, 1]) + u16(3) + aead_key
          + xnonce + bytes([3]) + filler(100) + u32(4) + b"ad!" + b"x")
    write("aead", "big%d" % flags, bytes([flags, 0]) + u16(4093) + aead_key
          + xnonce + bytes([0]) + filler(65535) + u32(5 + flags))
    for n in (15, 16, 17, 63, 64, 65, 255, 256, 257):
        write("aead", "len%03d_%d" % (n, flags), bytes([flags, 8]) + u16(n)
              + aead_key + xnonce + bytes([n % 20]) + filler(n) + u32(n)
              + counting(n % 20, 0xA0))

# aead_open: flags, tag length, mutation, position, key, nonce (24), AD
# length, filler length, filler seed, AD, body (see fuzz/aead_open.c).
# Flags: bit 0 XChaCha, bit 1 in place, bit 2 open_gather, bit 3 seal the
# body first, bits 4..5 output room (2: one byte short, 3: larger).
SEAL, IN_PLACE, GATHER, X = 8, 2, 4, 1
ROOM_SHORT, ROOM_LARGE = 2 << 4, 3 << 4


def aead_open_seed(name, flags, tag_len, mutation, pos, n, ad=aead_ad,
                   body=b""):
    write("aead_open", name, bytes([flags, tag_len, mutation]) + u16(pos)
          + aead_key + xnonce + bytes([len(ad)]) + filler(n) + u32(n + 11)
          + ad + body)


for x in (0, X):
    # Valid ciphertexts at the block edges, out of place, in place, gathered.
    for n in (0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1000):
        aead_open_seed("valid%04d_%d" % (n, x), SEAL | x, 0, 0, 0, n)
    for n in (0, 64, 257):
        aead_open_seed("inplace%04d_%d" % (n, x), SEAL | IN_PLACE | x, 0, 0,
                       0, n)
        aead_open_seed("gather%04d_%d" % (n, x), SEAL | GATHER | x, 0, 0, 0,
                       n)
    # Corruptions: a flipped bit in the ciphertext and in the tag (position
    # counted in bits), truncated by one byte and to nothing, one byte
    # appended, wrong tag lengths given to open_gather.
    aead_open_seed("flip_ct_%d" % x, SEAL | x, 0, 1, 5, 100)
    aead_open_seed("flip_tag_%d" % x, SEAL | x, 0, 1, 8 * 100 + 127, 100)
    aead_open_seed("flip_tag_inplace_%d" % x, SEAL | IN_PLACE | x, 0, 1,
                   8 * 64 + 3, 64)
    aead_open_seed("truncate1_%d" % x, SEAL | x, 0, 2, 115, 100)
    aead_open_seed("truncate_short_%d" % x, SEAL | x, 0, 2, 9, 0)
    aead_open_seed("append_%d" % x, SEAL | x, 0, 3, 0x41, 100)
    aead_open_seed("gather_tag15_%d" % x, SEAL | GATHER | x, 0, 4, 15, 64)
    aead_open_seed("gather_tag17_%d" % x, SEAL | GATHER | x, 0, 4, 17, 64)
    aead_open_seed("gather_tag0_%d" % x, SEAL | GATHER | x, 0, 4, 0, 64)
    # Output room one short and larger; short tags.
    aead_open_seed("room_short_%d" % x, SEAL | ROOM_SHORT | x, 0, 0, 0, 65)
    aead_open_seed("room_large_%d" % x, SEAL | ROOM_LARGE | x, 0, 0, 63, 65)
    aead_open_seed("room_short_inplace_%d" % x,
                   SEAL | IN_PLACE | ROOM_SHORT | x, 0, 0, 0, 65)
    aead_open_seed("tag1_%d" % x, SEAL | x, 1, 0, 0, 33)
    aead_open_seed("tag8_flip_%d" % x, SEAL | x, 8, 1, 8 * 33 + 60, 33)
    # 64 KiB ciphertexts: intact; a bit flipped (in byte 8191: the position
    # field is 16 bits) in place; intact again through open_gather.
    aead_open_seed("big_%d" % x, SEAL | x, 0, 0, 0, 65500)
    aead_open_seed("big_flip_inplace_%d" % x, SEAL | IN_PLACE | x, 0, 1,
                   65535, 65500)
    aead_open_seed("big_gather_%d" % x, SEAL | GATHER | x, 0, 0, 0, 65500)
    # Raw attacker bytes (not sealed): shorter than a tag, exactly a tag,
    # text, and 64 KiB.
    for n in (0, 1, 15, 16, 17):
        aead_open_seed("raw%02d_%d" % (n, x), x, 0, 0, 0, 0, b"",
                       counting(n))
    aead_open_seed("raw_text_%d" % x, x | IN_PLACE, 0, 0, 0, 0, aead_ad,
                   LADIES)
    aead_open_seed("raw_big_%d" % x, x | GATHER, 0, 0, 0, 65000, b"")

# aead_alias: flags (bit 0 XChaCha20-Poly1305, bit 1 open_gather, bit 2
# out = in, bit 3 corrupt the tag), tag length, in_len, extra_in_len,
# ad_len, block size field, six offsets (out, out_tag, in, extra_in or
# in_tag, nonce, ad), seed, block contents (see fuzz/aead_alias.c). The
# seeds name the block size and offsets directly; alias_seed encodes the
# block size field so the fuzzer decodes exactly those.
ALIAS_OPEN, ALIAS_OUT_IS_IN, ALIAS_CORRUPT = 2, 4, 8


def alias_seed(name, flags, tag_len, in_len, extra_len, ad_len, block_len,
               offsets, seed=1):
    full_tag = tag_len if tag_len else 16
    nonce_len = 24 if flags & 1 else 12
    if flags & ALIAS_OPEN:
        lens = [in_len, 0, in_len, full_tag, nonce_len, ad_len]
    else:
        lens = [in_len, extra_len + full_tag, in_len, extra_len, nonce_len,
                ad_len]
    longest, total = max(lens), sum(lens) + 64
    assert longest <= block_len < longest + 2 * total, name
    for off, n in zip(offsets, lens):
        assert off + n <= block_len, (name, off, n)
    write("aead_alias", name, bytes([flags, tag_len]) + u16(in_len)
          + bytes([extra_len, ad_len]) + u16(block_len - longest)
          + b"".join(u16(o) for o in offsets) + u32(seed)
          + counting(min(block_len, 64), 0x30))


for x in (0, 1):
    # seal_scatter, in 100, extra_in 20, ad 30: apart; out == in; the two
    # cases of issue 18 (extra_in inside out, also with out == in; the nonce
    # inside out); the AD inside out and out_tag; out_tag over in.
    s = "%d" % x
    alias_seed("seal_apart_" + s, x, 0, 100, 20, 30, 600,
               (0, 200, 300, 450, 500, 540))
    alias_seed("seal_inplace_" + s, x | ALIAS_OUT_IS_IN, 0, 100, 20, 30, 600,
               (0, 200, 0, 300, 400, 450))
    alias_seed("seal_extra_in_out_" + s, x, 0, 100, 20, 30, 600,
               (0, 200, 300, 50, 450, 500))
    alias_seed("seal_extra_in_out_inplace_" + s, x | ALIAS_OUT_IS_IN, 0, 100,
               20, 30, 600, (0, 200, 0, 50, 400, 450))
    alias_seed("seal_nonce_in_out_" + s, x, 0, 100, 20, 30, 600,
               (0, 200, 300, 450, 50, 500))
    alias_seed("seal_nonce_in_out_tag_" + s, x, 8, 100, 20, 30, 600,
               (0, 200, 300, 450, 222, 500))
    alias_seed("seal_ad_in_outputs_" + s, x, 0, 100, 20, 150, 600,
               (0, 100, 300, 450, 500, 0))
    alias_seed("seal_out_tag_over_in_" + s, x, 1, 100, 20, 30, 600,
               (0, 310, 300, 450, 500, 540))
    alias_seed("seal_tight_" + s, x, 0, 40, 10, 10, 60,
               (5, 20, 0, 30, 36, 15), seed=7)
    alias_seed("seal_long_inplace_" + s, x | ALIAS_OUT_IS_IN, 0, 2100, 255,
               255, 4600, (0, 2200, 0, 2500, 1000, 2000))
    # open_gather, in 100, tag 16, ad 30: apart; out == in; tag, nonce and
    # AD inside out; a corrupted tag with the AD inside out; out one byte
    # past in; a long in-place open.
    alias_seed("open_apart_" + s, x | ALIAS_OPEN, 0, 100, 0, 30, 600,
               (0, 0, 200, 350, 400, 450))
    alias_seed("open_inplace_" + s, x | ALIAS_OPEN | ALIAS_OUT_IS_IN, 0, 100,
               0, 30, 600, (0, 0, 0, 200, 250, 300))
    alias_seed("open_all_in_out_" + s, x | ALIAS_OPEN, 0, 100, 0, 30, 600,
               (0, 0, 200, 0, 16, 50))
    alias_seed("open_corrupt_" + s, x | ALIAS_OPEN | ALIAS_CORRUPT, 4, 100, 0,
               30, 600, (0, 0, 200, 350, 400, 20))
    alias_seed("open_shifted_" + s, x | ALIAS_OPEN, 0, 100, 0, 30, 600,
               (201, 0, 200, 350, 400, 450))
    alias_seed("open_long_inplace_" + s, x | ALIAS_OPEN | ALIAS_OUT_IS_IN, 0,
               2100, 0, 40, 4400, (0, 0, 0, 2200, 2300, 2400))
