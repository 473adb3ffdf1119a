//===- NvptxLowerable.cpp - What LLVM's NVPTX backend cannot lower --------===//
#include "NvptxLowerable.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace layoutc::target {

namespace {

// Integers the backend splits into 64-bit parts go up to 128 bits; wider
// ones of some widths abort instruction selection.
constexpr unsigned kWidestInteger = 128;
// The widest integer converted to or from a float without a library call.
constexpr unsigned kWidestConverted = 64;

unsigned integerBits(llvm::Type *type) {
  auto *integer = llvm::dyn_cast<llvm::IntegerType>(type->getScalarType());
  return integer ? integer->getBitWidth() : 0;
}

bool isWideFloat(llvm::Type *type) {
  llvm::Type *scalar = type->getScalarType();
  return scalar->isFP128Ty() || scalar->isX86_FP80Ty() || scalar->isPPC_FP128Ty();
}

// Why the backend cannot lower `inst`, or "" where it can.
std::string problem(const llvm::Instruction &inst) {
  std::vector<llvm::Type *> types{inst.getType()};
  for (const llvm::Value *operand : inst.operands())
    types.push_back(operand->getType());
  for (llvm::Type *type : types) {
    if (isWideFloat(type))
      return "it has no floating-point type wider than 64 bits";
    if (integerBits(type) > kWidestInteger)
      return "it handles integers of up to " + std::to_string(kWidestInteger) + " bits";
  }
  if (llvm::isa<llvm::FPToSIInst, llvm::FPToUIInst, llvm::SIToFPInst, llvm::UIToFPInst>(inst) &&
      std::max(integerBits(inst.getType()), integerBits(inst.getOperand(0)->getType())) > kWidestConverted)
    return "it converts between floats and integers of up to " + std::to_string(kWidestConverted) + " bits";
  auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst);
  if (!call)
    return "";
  switch (call->getIntrinsicID()) {
  case llvm::Intrinsic::fptosi_sat:
  case llvm::Intrinsic::fptoui_sat:
    if (integerBits(call->getType()) > kWidestConverted)
      return "it converts between floats and integers of up to " + std::to_string(kWidestConverted) + " bits";
    return "";
  case llvm::Intrinsic::exp2:
    if (!call->getType()->getScalarType()->isDoubleTy())
      return "";
    [[fallthrough]];
  case llvm::Intrinsic::exp:
  case llvm::Intrinsic::exp10:
  case llvm::Intrinsic::log:
  case llvm::Intrinsic::log2:
  case llvm::Intrinsic::log10:
  case llvm::Intrinsic::pow:
  case llvm::Intrinsic::ldexp:
  case llvm::Intrinsic::sin:
  case llvm::Intrinsic::cos:
  case llvm::Intrinsic::tan:
  case llvm::Intrinsic::sincos:
  case llvm::Intrinsic::asin:
  case llvm::Intrinsic::acos:
  case llvm::Intrinsic::atan:
  case llvm::Intrinsic::atan2:
  case llvm::Intrinsic::sinh:
  case llvm::Intrinsic::cosh:
  case llvm::Intrinsic::tanh:
  case llvm::Intrinsic::modf:
  case llvm::Intrinsic::lrint:
  case llvm::Intrinsic::llrint:
  case llvm::Intrinsic::lround:
  case llvm::Intrinsic::llround:
  case llvm::Intrinsic::arithmetic_fence:
    return "it would call a math library, which a kernel does not have";
  case llvm::Intrinsic::canonicalize:
    if (call->getType()->getScalarType()->isBFloatTy())
      return "it cannot canonicalize bf16";
    return "";
  default:
    return "";
  }
}

} // namespace

std::optional<std::string> nvptxCannotLower(const llvm::Module &module) {
  for (const llvm::Function &f : module)
    for (const llvm::BasicBlock &block : f)
      for (const llvm::Instruction &inst : block) {
        std::string why = problem(inst);
        if (why.empty())
          continue;
        std::string text;
        llvm::raw_string_ostream out(text);
        inst.print(out);
        size_t start = text.find_first_not_of(' ');
        return "the NVPTX backend cannot lower `" + text.substr(start == std::string::npos ? 0 : start) + "` in @" +
               f.getName().str() + ": " + why;
      }
  return std::nullopt;
}

} // namespace layoutc::target
