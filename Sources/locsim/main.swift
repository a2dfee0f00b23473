import LocSimCLI

let status = LocSim.main(arguments: Array(CommandLine.arguments.dropFirst()))
LocSim.exit(status)
