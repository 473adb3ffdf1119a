//===- RemarkProse.cpp - The lay passes' remarks in prose, for --explain --===//
//
// One renderer per pass, over the fields that pass's remark carries (the
// pass's source says which it adds). A remark missing a field its renderer
// needs comes back as its data, never as a sentence with a hole.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Transforms/Remark.h"

#include <functional>
#include <map>

namespace layoutc::transforms {
namespace {

using Text = std::string;

// "a,b,c" as its parts.
std::vector<Text> split(std::string_view list) {
  std::vector<Text> parts;
  if (list.empty())
    return parts;
  for (size_t at = 0;;) {
    size_t comma = list.find(',', at);
    parts.emplace_back(list.substr(at, comma - at));
    if (comma == std::string_view::npos)
      return parts;
    at = comma + 1;
  }
}

Text join(const std::vector<Text> &parts, std::string_view sep) {
  Text out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? Text(sep) : Text()) + parts[i];
  return out;
}

// The fields a renderer reads; a missing required one makes it give up.
struct Fields {
  const Remark &r;
  bool complete = true;
  Text operator[](std::string_view key) {
    const std::string *v = r.get(key);
    complete = complete && v;
    return v ? *v : Text();
  }
  Text optional(std::string_view key) const { return Text(r.value(key)); }
};

const char *kInt32Headroom = " (int32 less a grid-stride loop's headroom)";

Text indexWidth(Fields &f) {
  if (f.r.value("recorded") == "none")
    return "no width recorded: " + f["foreign"] +
           " makes index values outside the lay IR, which bounds only its own; the compiler's width applies";
  Text bits = f["bits"] + "-bit index math: ";
  if (f.r.has("unbounded"))
    return bits + f["unbounded"];
  if (!f.r.has("reach"))
    return bits + "no tensor is accessed";
  if (bits.rfind("64", 0) == 0)
    return bits + f["side"] + " reaches " + f["reach"] + ", past " + f["limit"] + kInt32Headroom;
  // A bound the launch checks stands for the layouts' `?` leaves.
  Text checked = f.r.has("bound") ? "; the launch checks every tensor reaches at most " + f.optional("bound") +
                                        " (lay.reach_bound), else takes the 64-bit kernel"
                                  : "";
  return bits + "sizes and offsets reach " + f["reach"] + " at most (" + f["side"] + "), within " + f["limit"] +
         kInt32Headroom + checked;
}

// A copy's family: what its kernel is specialized on.
Text family(Fields &f) {
  Text modes = f["modes"];
  return "one kernel for every copy of this family: " + modes +
         (modes == "1" ? " joint mode of size " : " joint modes of sizes ") + f["sizes"] + ", source strides " +
         f["src"] + ", destination strides " + f["dst"] +
         " (a `?` is a launch value, {div=N} the power of two it is known to be a multiple of); the extents and "
         "the other strides are given at launch";
}

Text partition(Fields &f) {
  if (f.r.value("plan") == "elements")
    return "stays an element loop, one element per thread per step: " + f["reason"];
  Text tiles = f["tiles"];
  Text shape =
      f.r.has("indices") ? f["indices"] + " consecutive indices" : f["tile"] + " over modes (" + f["modes"] + ")";
  Text out = "the domain as joint modes size:(src stride,dst stride) " + f["domain"] +
             ", ordered by the destination's strides; " + tiles + (tiles == "1" ? " tile of " : " tiles of ") + shape +
             ", blocks take them along the destination's contiguous mode first; " + f["threads"] +
             " threads, TV layout " + f["tv"] + " (thread, value) -> tile index";
  if (f.r.value("sizes-checked") == "true")
    out += "; the sides' dynamic sizes checked equal at run time, else an element loop";
  if (f.r.has("composed")) {
    Text c = f["composed"];
    Text sides = c == "both"     ? "the source's and the destination's composed layouts are"
                 : c == "source" ? "the source's composed layout is"
                                 : "the destination's composed layout is";
    out += "; " + sides +
           " read at flat indices k through lay.make_composed_function over N:1, whose function is the inner part at "
           "offset + the joint modes' layout at k; one element per access";
  }
  return out;
}

Text stage(Fields &f) {
  Text swizzle = f.r.has("swizzle") ? " behind " + f["swizzle"] : "";
  Text stores = f["store-tv"];
  if (f.r.has("window"))
    stores += " in windows of " + f["window"] +
              " elements aligned in memory (one element per store; the bank analysis is of " + f["bank-tv"] +
              ", whose column runs the windows read rotated)";
  Text out = "the source is contiguous along the tile's mode 1, the destination along mode 0: staged through " +
             f["smem-bytes"] + " bytes of shared memory laid out " + f["smem-layout"] + swizzle +
             "; loads along mode 1 with TV " + f["load-tv"] + ", stores along mode 0 with TV " + stores;
  if (f.r.has("row-group"))
    out += " (reading " + f["row-group"] + " adjacent elements of a row at once)";
  out += "; bank-conflict analysis of both phases: shared writes " + f["writes"] + " wavefronts per warp (" +
         f["writes-ideal"] + " without conflicts), reads " + f["reads"] + " (" + f["reads-ideal"] + ")";
  if (f.r.has("unswizzled-reads"))
    out += "; unswizzled reads take " + f["unswizzled-reads"];
  return out;
}

Text predicate(Fields &f) {
  if (f.r.value("predicated") == "false")
    return "the tile loop's body has results; its ragged tiles are not predicated";
  std::vector<Text> modes = split(f["modes"]), extents = split(f["extents"]), tiles = split(f["tiles"]);
  if (modes.size() != extents.size() || modes.size() != tiles.size())
    f.complete = false;
  std::vector<Text> along;
  for (size_t i = 0; f.complete && i < modes.size(); ++i)
    along.push_back("mode " + modes[i] + " (" + extents[i] + " by " + tiles[i] + ")");
  return "tiles reach past the domain along " + join(along, ", ") +
         ": tiles inside it copy whole; edge tiles copy the elements whose coordinate is elem_less than the residue "
         "(the extent left from the tile's origin), one by one";
}

Text vectorize(Fields &f) {
  if (f.r.has("leaf"))
    return "neither side is contiguous and aligned along the tile's mode " + f["leaf"] +
           " beyond one element: elements one by one";
  auto moves = [&](const char *side) {
    Text s(side);
    return f[s + "-width"] + " per access (" + f[s + "-bytes"] + " bytes)";
  };
  Text srcLeaf = f["src-leaf"], dstLeaf = f["dst-leaf"];
  Text out = srcLeaf == dstLeaf ? "along the tile's mode " + srcLeaf + " the source moves " + moves("src") +
                                      ", the destination " + moves("dst")
                                : "the source moves " + moves("src") + " along the tile's mode " + srcLeaf +
                                      ", the destination " + moves("dst") + " along mode " + dstLeaf +
                                      ": each thread's values change places in registers between them";
  std::vector<Text> given, checked;
  for (const char *side : {"src", "dst"}) {
    Text s(side), name = s == "src" ? "source" : "destination";
    for (const Text &d : split(f.optional(s + "-multiples")))
      checked.push_back("a dynamic size or stride a multiple of " + d);
    Text align = f.optional(s + "-align");
    if (align == "given")
      given.push_back("the " + name + "'s");
    else if (align == "checked")
      checked.push_back("the " + name + "'s address a multiple of " + f[s + "-bytes"] + " bytes");
  }
  if (!given.empty())
    out += "; aligned buffers (llvm.align): " + join(given, ", ");
  if (!checked.empty())
    out += "; checked in the kernel: " + join(checked, ", ") + ", else one element per access";
  return out;
}

Text unroll(Fields &f) {
  return "each thread moves its " + f["values"] + " values " + f["per-step"] + " per step, in a loop of " + f["steps"] +
         " steps along the TV's last value leaf: at most " + f["in-flight"] + " loads in flight" +
         (f["path"] == "slow" ? " on a slow path (single elements, or the edge)" : "");
}

} // namespace

std::string explainRemark(const Remark &remark) {
  static const std::map<std::string, std::function<Text(Fields &)>, std::less<>> renderers = {
      {"lay-index-width", indexWidth},   {"lay-copy-partition", partition}, {"lay-copy-stage", stage},
      {"lay-copy-predicate", predicate}, {"lay-copy-vectorize", vectorize}, {"lay-copy-unroll", unroll},
      {"lay-copy-family", family},
  };
  auto it = renderers.find(remark.pass);
  if (it == renderers.end())
    return remark.str();
  Fields fields{remark};
  Text prose = it->second(fields);
  return fields.complete ? remark.pass + ": " + prose : remark.str();
}

} // namespace layoutc::transforms
