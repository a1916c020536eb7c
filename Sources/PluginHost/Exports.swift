// A command imports PluginHost and gets the layers below it too: the ABI bridge and the
// plugin processes are its own parts, split off so that each can be read and built alone.
@_exported import PluginABI
@_exported import PluginProcesses
