// PNG pictures of a Grid, written directly: a palette image of 1 bit a pixel (walls and
// passages) or 2 bits (with a path), built one line of squares at a time and compressed as it
// goes, so memory stays small however large the maze. zlib does the compressing and the
// checksums; the few PNG chunks around it are written here.
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "maze/picture.hpp"
#include "squares.hpp"

namespace maze {

namespace {

void appendBigEndian(std::string& out, std::uint32_t v) {
  out += static_cast<char>((v >> 24) & 0xFF);
  out += static_cast<char>((v >> 16) & 0xFF);
  out += static_cast<char>((v >> 8) & 0xFF);
  out += static_cast<char>(v & 0xFF);
}

void appendChunk(std::string& out, const char type[4], const std::string& data) {
  appendBigEndian(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = out.size();
  out.append(type, 4);
  out += data;
  const auto* bytes = reinterpret_cast<const Bytef*>(out.data() + start);
  appendBigEndian(out,
                  static_cast<std::uint32_t>(crc32(0, bytes, static_cast<uInt>(data.size() + 4))));
}

/// Deflates the image rows and appends IDAT chunks of up to 1 MiB as the output fills.
class IdatWriter {
 public:
  explicit IdatWriter(std::string& png) : png_(png), buffer_(1 << 20) {
    if (deflateInit(&stream_, Z_BEST_SPEED) != Z_OK) throw std::runtime_error("cannot start zlib");
    stream_.next_out = buffer_.data();
    stream_.avail_out = static_cast<uInt>(buffer_.size());
  }
  ~IdatWriter() { deflateEnd(&stream_); }
  IdatWriter(const IdatWriter&) = delete;
  IdatWriter& operator=(const IdatWriter&) = delete;

  void write(const std::vector<std::uint8_t>& row) { run(row.data(), row.size(), Z_NO_FLUSH); }
  void finish() { run(nullptr, 0, Z_FINISH); }

 private:
  void run(const std::uint8_t* data, std::size_t size, int flush) {
    stream_.next_in = const_cast<Bytef*>(data);  // zlib's API is not const-correct
    stream_.avail_in = static_cast<uInt>(size);
    for (;;) {
      const int status = deflate(&stream_, flush);
      if (status == Z_STREAM_ERROR) throw std::runtime_error("zlib failed while compressing");
      if (stream_.avail_out == 0) emit();
      if (flush == Z_FINISH ? status == Z_STREAM_END : stream_.avail_in == 0) break;
    }
    if (flush == Z_FINISH) emit();
  }
  void emit() {
    const std::size_t used = buffer_.size() - stream_.avail_out;
    if (used > 0) {
      appendChunk(png_, "IDAT", std::string(reinterpret_cast<const char*>(buffer_.data()), used));
    }
    stream_.next_out = buffer_.data();
    stream_.avail_out = static_cast<uInt>(buffer_.size());
  }

  std::string& png_;
  std::vector<Bytef> buffer_;
  z_stream stream_{};
};

}  // namespace

std::string toPng(const Grid& grid, const PictureOptions& options) {
  detail::checkPictureOptions(grid, options);
  const detail::SquareLines squares(grid, options.path);
  const auto s = static_cast<std::size_t>(options.squarePixels);
  const std::size_t width = squares.width() * s;
  const std::size_t height = squares.height() * s;
  const unsigned bitDepth = squares.hasPath() ? 2 : 1;

  std::string png("\x89PNG\r\n\x1a\n", 8);
  std::string header;
  appendBigEndian(header, static_cast<std::uint32_t>(width));
  appendBigEndian(header, static_cast<std::uint32_t>(height));
  header += static_cast<char>(bitDepth);
  header += '\x03';                    // colour type 3: palette
  header += std::string("\0\0\0", 3);  // deflate, adaptive filters, no interlace
  appendChunk(png, "IHDR", header);
  std::string palette;
  for (const Rgb& c : {options.passageColor, options.wallColor, options.pathColor}) {
    palette += static_cast<char>(c.red);
    palette += static_cast<char>(c.green);
    palette += static_cast<char>(c.blue);
  }
  if (!squares.hasPath()) palette.resize(6);
  appendChunk(png, "PLTE", palette);

  IdatWriter idat(png);
  std::vector<std::uint8_t> line;                                 // one entry per square
  std::vector<std::uint8_t> pixels;                               // one entry per pixel
  std::vector<std::uint8_t> row(1 + (width * bitDepth + 7) / 8);  // row[0] = 0: no filter
  for (std::size_t y = 0; y < squares.height(); ++y) {
    squares.line(y, line);
    const std::size_t padded = (row.size() - 1) * 8 / bitDepth;  // whole bytes of pixels
    pixels.assign(padded, 0);
    for (std::size_t x = 0; x < line.size(); ++x) {
      for (std::size_t k = 0; k < s; ++k) pixels[x * s + k] = line[x];
    }
    const std::uint8_t* p = pixels.data();
    if (bitDepth == 1) {
      for (std::size_t b = 1; b < row.size(); ++b, p += 8) {
        row[b] = static_cast<std::uint8_t>((p[0] << 7) | (p[1] << 6) | (p[2] << 5) | (p[3] << 4) |
                                           (p[4] << 3) | (p[5] << 2) | (p[6] << 1) | p[7]);
      }
    } else {
      for (std::size_t b = 1; b < row.size(); ++b, p += 4) {
        row[b] = static_cast<std::uint8_t>((p[0] << 6) | (p[1] << 4) | (p[2] << 2) | p[3]);
      }
    }
    for (std::size_t k = 0; k < s; ++k) idat.write(row);
  }
  idat.finish();
  appendChunk(png, "IEND", "");
  return png;
}

}  // namespace maze
