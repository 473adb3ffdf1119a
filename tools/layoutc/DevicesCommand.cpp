//===- DevicesCommand.cpp - layoutc devices: the GPUs the driver reports --===//
#include "Commands.h"

#include "layoutc/Runtime/Driver.h"

#include <iostream>

namespace layoutc::tool {

namespace {

class DevicesCommand : public Command {
public:
  DevicesCommand() : Command("devices", "list the GPUs the CUDA driver reports") {}

  std::string overview() const override {
    return R"(Lists the GPUs the CUDA driver reports: ordinal, name, arch, SMs,
memory. Without a driver or a GPU it says so and exits with 1.
)";
  }

  // Prints the driver's version and each GPU. Without a driver,
  // Driver::get() throws: layoutc_main reports it, with exit code 1.
  int run() override {
    const runtime::Driver &driver = runtime::Driver::get();
    std::cout << "CUDA driver " << driver.version() / 1000 << "." << driver.version() % 1000 / 10 << "\n";
    for (const runtime::DeviceInfo &d : driver.devices())
      std::cout << d.ordinal << ": " << d.name << ", " << d.arch() << ", " << d.multiprocessors << " SMs, "
                << d.globalMemoryBytes / (1024 * 1024) << " MiB\n";
    return kOk;
  }
};

} // namespace

std::unique_ptr<Command> makeDevicesCommand() { return std::make_unique<DevicesCommand>(); }

} // namespace layoutc::tool
